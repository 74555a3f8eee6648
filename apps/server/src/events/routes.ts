import { ACCESS_EVENT_NAME, apiErrorSchema, CHANGE_EVENT_NAME, type SignedInAccount } from '@walton/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { ChangeFeed } from './change-feed.ts';
import { type CommittedChange, toChangeEvent } from './committed-change.ts';

/**
 * What keeps a stream to its session: told whenever a session ended or a user changed (on any
 * instance), each stream asks who its own session signs in now: nobody ends it, and a new role is
 * told to the browser (an `access` event), which then asks again what it may do.
 */
export interface StreamSessions {
  /** The user the stream's own session signs in now; null when that session has ended. */
  signedInUser(request: FastifyRequest): Promise<SignedInAccount | null>;
  onSessionsChanged(listener: () => void): () => void;
}

export interface EventRoutesOptions {
  feed: ChangeFeed;
  /** Ends a stream once its session has ended (sign-out, revocation, password reset). */
  sessions?: StreamSessions;
  /** How often an idle stream gets a comment line, so proxies and the socket timeout keep it open. */
  heartbeatMs?: number;
  /** Streams one signed-in user may hold open on this instance (a browser needs one per tab). */
  maxStreamsPerUser?: number;
  /** Streams open on this instance, all users together (EVENT_STREAMS_MAX). */
  maxStreams?: number;
}

export const MAX_STREAMS_PER_USER = 10;

export const MAX_STREAMS = 1000;

/**
 * Bytes a stream may have waiting in memory for its client. Frames are tiny and a reading client
 * takes them as they come, so a backlog past this means the client stopped reading: it is dropped
 * (it reconnects when it reads again) rather than buffered for.
 */
export const MAX_PENDING_BYTES = 64 * 1024;

export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

const frame = (change: CommittedChange) =>
  `event: ${CHANGE_EVENT_NAME}\ndata: ${JSON.stringify(toChangeEvent(change))}\n\n`;
const accessFrame = (user: SignedInAccount) =>
  `event: ${ACCESS_EVENT_NAME}\ndata: ${JSON.stringify({ role: user.role })}\n\n`;

/**
 * GET /api/events: the change feed as Server-Sent Events. The reply is hijacked and written
 * directly, so no onSend hook (compression included) can buffer it; a client that stops reading
 * is disconnected once MAX_PENDING_BYTES wait for it; a stream ends with its session (`sessions`);
 * streams end when the server starts closing, so a graceful shutdown is not held up by open browsers.
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (
  app,
  {
    feed,
    sessions,
    heartbeatMs = HEARTBEAT_MS,
    maxStreamsPerUser = MAX_STREAMS_PER_USER,
    maxStreams = MAX_STREAMS,
  },
) => {
  const openStreams = new Set<() => void>();
  const streamsPerUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get(
    '/events',
    {
      exposeHeadRoute: false,
      config: { access: 'session', action: 'events.read' },
      schema: {
        operationId: 'streamChanges',
        tags: ['events'],
        summary: 'Live change feed (Server-Sent Events)',
        description:
          `A \`text/event-stream\`. Every committed change of a product arrives as an event named ` +
          `\`${CHANGE_EVENT_NAME}\` whose data is a ChangeEvent \`{type, id, version}\` (a Delivered or a ` +
          `restock adds \`stock: {quentity, updatedAt}\`, what the item's stock became); a comment line ` +
          `(\`: heartbeat\`) arrives every ${HEARTBEAT_MS / 1000} s while nothing happens. When an admin ` +
          `changes the signed-in user's role, an event named \`${ACCESS_EVENT_NAME}\` with data \`{role}\` ` +
          `arrives (ask GET /api/me again). Signed in only.`,
        response: {
          200: {
            description: 'The stream; it stays open until the client leaves or the server shuts down',
            content: {
              'text/event-stream': {
                schema: z
                  .string()
                  .describe(
                    `event: ${CHANGE_EVENT_NAME}\ndata: {"type":"delivered","id":"…","version":3,` +
                      `"stock":{"quentity":7,"updatedAt":"2026-11-24T10:00:00.000Z"}}`,
                  ),
              },
            },
          },
          401: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    (request, reply) => {
      if (openStreams.size >= maxStreams)
        throw new HttpError(503, 'STREAMS_FULL', { headers: { 'retry-after': '30' } });
      const userId = request.user?.id ?? '';
      const held = streamsPerUser.get(userId) ?? 0;
      if (held >= maxStreamsPerUser)
        throw new HttpError(429, 'TOO_MANY_REQUESTS', {
          params: {
            what: `live views open for this account (at most ${maxStreamsPerUser}): close some tabs`,
            wait: '30 seconds',
            retryAfterSeconds: 30,
          },
          headers: { 'retry-after': '30' },
        });
      streamsPerUser.set(userId, held + 1);
      const stream = reply.raw;
      reply.hijack();
      // The headers hooks set so far (security headers among them) are not sent by a hijacked reply.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) stream.setHeader(name, value);
      }
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // A stream is never followed by another request on its connection: closing the connection
        // with the stream means a shutdown never waits for it to idle out.
        connection: 'close',
      });
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);

      // The role the browser was last told of (through GET /api/me or an access event).
      let role = request.user?.role;
      let cleanedUp = false;
      const cleanUp = () => {
        if (cleanedUp) return;
        cleanedUp = true;
        clearInterval(heartbeat);
        clearImmediate(backlogCheck);
        unsubscribe();
        stopWatchingSession();
        openStreams.delete(end);
        const remaining = (streamsPerUser.get(userId) ?? 1) - 1;
        if (remaining > 0) streamsPerUser.set(userId, remaining);
        else streamsPerUser.delete(userId);
      };
      const end = () => {
        cleanUp();
        stream.end();
      };
      // Checked on the next turn, once the burst written in this one (corked by Node until then)
      // has gone to the kernel as far as the client lets it.
      let backlogCheck: NodeJS.Immediate | undefined;
      const dropIfNotReading = () => {
        backlogCheck = undefined;
        if (cleanedUp || stream.writableLength <= MAX_PENDING_BYTES) return;
        request.log.info(
          { pendingBytes: stream.writableLength },
          'event stream client is not reading: dropped',
        );
        cleanUp();
        stream.destroy();
      };
      const send = (text: string) => {
        if (cleanedUp) return;
        stream.write(text);
        if (stream.writableLength > MAX_PENDING_BYTES) backlogCheck ??= setImmediate(dropIfNotReading);
      };
      const unsubscribe = feed.subscribe((event) => send(frame(event)));
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      // One check at a time; a change heard during one is checked again after it.
      let checking = false;
      let checkAgain = false;
      const checkSession = () => {
        if (cleanedUp || !sessions) return;
        if (checking) {
          checkAgain = true;
          return;
        }
        checking = true;
        sessions
          .signedInUser(request)
          .then(
            (user) => {
              if (!user) return end();
              if (user.role === role) return;
              role = user.role;
              send(accessFrame(user));
            },
            (error: unknown) => {
              // Not known to be signed in: ended, the browser reconnects and is asked again.
              request.log.warn({ err: error }, 'event stream: checking its session failed');
              end();
            },
          )
          .finally(() => {
            checking = false;
            if (checkAgain) {
              checkAgain = false;
              checkSession();
            }
          });
      };
      const stopWatchingSession = sessions?.onSessionsChanged(checkSession) ?? (() => {});
      openStreams.add(end);
      stream.on('close', cleanUp);
    },
  );
};

import { apiErrorSchema, CHANGE_EVENT_NAME, type ChangeEvent } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeFeed } from './change-feed.ts';

export interface EventRoutesOptions {
  feed: ChangeFeed;
  /** How often an idle stream gets a comment line, so proxies and the socket timeout keep it open. */
  heartbeatMs?: number;
}

export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

const frame = (event: ChangeEvent) => `event: ${CHANGE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/events: the change feed as Server-Sent Events. The reply is hijacked and written
 * directly, so no onSend hook (compression included) can buffer it; streams end when the server
 * starts closing, so a graceful shutdown is not held up by open browsers.
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (
  app,
  { feed, heartbeatMs = HEARTBEAT_MS },
) => {
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get(
    '/events',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Live change feed (Server-Sent Events)',
        description:
          `A \`text/event-stream\`. Every committed change of a product arrives as an event named ` +
          `\`${CHANGE_EVENT_NAME}\` whose data is a ChangeEvent \`{type, id, version}\`; a comment line ` +
          `(\`: heartbeat\`) arrives every ${HEARTBEAT_MS / 1000} s while nothing happens. Signed in only.`,
        security: [{ session: [] }],
        response: {
          200: {
            description: 'The stream; it stays open until the client leaves or the server shuts down',
            content: {
              'text/event-stream': {
                schema: z
                  .string()
                  .describe(`event: ${CHANGE_EVENT_NAME}\ndata: {"type":"delivered","id":"…","version":3}`),
              },
            },
          },
          401: apiErrorSchema,
        },
      },
    },
    (_request, reply) => {
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

      const unsubscribe = feed.subscribe((event) => stream.write(frame(event)));
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      const cleanUp = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        cleanUp();
        stream.end();
      };
      openStreams.add(end);
      stream.on('close', cleanUp);
    },
  );
};

import { connect, type Socket } from 'node:net';
import { apiErrorText } from '@walton/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChangeFeed, type ChangeListener, InProcessChangeFeed } from '../../src/events/change-feed.ts';
import { eventRoutes, MAX_PENDING_BYTES } from '../../src/events/routes.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { retainedHeapBytes } from '../support/memory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';

const MiB = 1024 * 1024;

/** The in-process feed, counting its subscribers (one per open stream). */
class CountedFeed extends InProcessChangeFeed implements ChangeFeed {
  subscribers = 0;

  override subscribe(listener: ChangeListener): () => void {
    this.subscribers += 1;
    const unsubscribe = super.subscribe(listener);
    return () => {
      this.subscribers -= 1;
      unsubscribe();
    };
  }
}

async function streamApp(
  feed: ChangeFeed,
  maxStreams?: number,
): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(eventRoutes, { feed, maxStreamsPerUser: 100, ...(maxStreams ? { maxStreams } : {}) });
  return { app, port: await listenOnLoopback(app) };
}

/** Opens GET /events on a raw socket and resolves once the stream has started. */
function openStream(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(': connected')) {
        socket.off('data', onData);
        resolve(socket);
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.write('GET /events HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n');
  });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('event streams and slow clients', () => {
  let app: FastifyInstance | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await app?.close();
    app = undefined;
  });

  it('drops a client that stops reading instead of buffering for it, while memory stays flat', async () => {
    const feed = new CountedFeed();
    let port: number;
    ({ app, port } = await streamApp(feed));
    const client = await openStream(port);
    sockets.push(client);
    client.pause(); // reads nothing from now on
    expect(feed.subscribers).toBe(1);

    const heapBefore = retainedHeapBytes();
    // 1 KiB events: 64 MiB in all, far more than the socket buffers can hold.
    const id = 'x'.repeat(1000);
    let published = 0;
    for (let batch = 0; batch < 128 && feed.subscribers > 0; batch += 1) {
      for (let i = 0; i < 512; i += 1) {
        published += 1;
        await feed.publish({ type: 'delivered', id, version: published });
      }
      await nextTurn();
    }
    expect(feed.subscribers).toBe(0);
    // Kept for the client: at most MAX_PENDING_BYTES and what the kernel holds, not the megabytes sent.
    expect(published).toBeLessThan(128 * 512);
    expect(retainedHeapBytes() - heapBefore).toBeLessThan(8 * MiB + MAX_PENDING_BYTES);
  });

  it('keeps a client that reads, however many events there are', async () => {
    const feed = new CountedFeed();
    let port: number;
    ({ app, port } = await streamApp(feed));
    const client = await openStream(port);
    sockets.push(client);
    let received = 0;
    client.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    const id = 'y'.repeat(1000);
    for (let batch = 0; batch < 16; batch += 1) {
      for (let i = 0; i < 64; i += 1) await feed.publish({ type: 'restocked', id, version: batch * 64 + i });
      // Like a reading client: it catches up before the next burst.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise<void>((resolve) => {
      const check = () => (received >= 16 * 64 * 1000 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(feed.subscribers).toBe(1);
  });

  it('refuses streams past the per-instance ceiling with 503 and frees a place when one closes', async () => {
    const feed = new CountedFeed();
    let port: number;
    ({ app, port } = await streamApp(feed, 2));
    sockets.push(await openStream(port), await openStream(port));
    const refused = await rawHttp(port, { method: 'GET', target: '/events' });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'STREAMS_FULL',
      message: apiErrorText('STREAMS_FULL'),
    });
    expect(refused.headers['retry-after']).toBe('30');

    sockets.shift()?.destroy();
    await expect.poll(() => feed.subscribers).toBe(1);
    const again = await openStream(port);
    sockets.push(again);
    expect(feed.subscribers).toBe(2);
  });
});

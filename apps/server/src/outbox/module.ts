import { type ServerModule, shared } from '../module.ts';
import { OutboxRepository } from './outbox-repository.ts';
import { type JobHandler, OutboxWorker } from './outbox-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs a change queues in its own transaction. */
    outbox: OutboxRepository;
    /** Who does each kind of job: a module that queues jobs adds its handlers in its setup. */
    outboxHandlers: Record<string, JobHandler>;
  }
}

/**
 * The transactional outbox: its repository, and (where `OUTBOX_WORKER` is on) the worker, started
 * once every module has added its handlers and stopped before what its jobs use is closed.
 */
export const outboxModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const outbox = new OutboxRepository(app.database.db, { giveUpAfterMs: config.outbox.giveUpAfterMs });
    const handlers: Record<string, JobHandler> = {};
    app.decorate('outbox', outbox);
    app.decorate('outboxHandlers', handlers);
    if (!config.outbox.worker) return;
    const worker = new OutboxWorker({
      outbox,
      handlers,
      settings: config.outbox,
      log: app.log.child({ module: 'outbox' }),
    });
    // A committed change may have queued jobs: this instance's through the in-process feed, every
    // other instance's through LISTEN/NOTIFY. Polling covers what a wake-up missed.
    app.changeFeed.subscribe(() => worker.wake());
    app.addHook('onReady', async () => worker.start());
    // The tries under way settle while the database, the feed and the mailer are still open.
    app.addHook('onClose', () => worker.stop());
  }),
};

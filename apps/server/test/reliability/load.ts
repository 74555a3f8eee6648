import type { Product } from '@walton/contract';
import type { Acknowledged } from './ledger.ts';
import { productFor, type Remote, type RemoteClerk } from './remote.ts';

type Operation = 'create' | 'deliver' | 'restock';

/** What the clients were told: acknowledged changes per item, plus what every created item holds. */
export class Acknowledgements {
  readonly changes = new Map<string, Acknowledged[]>();
  readonly created = new Map<string, { name: string; quentity: number }>();
  count = 0;

  add(id: string, change: Acknowledged): void {
    const list = this.changes.get(id) ?? [];
    list.push(change);
    this.changes.set(id, list);
    this.count += 1;
  }

  /** A copy of what has been acknowledged so far. */
  snapshot(): Map<string, Acknowledged[]> {
    return new Map([...this.changes].map(([id, list]) => [id, [...list]]));
  }

  ids(): string[] {
    return [...this.changes.keys()];
  }
}

/** The server answered something no client expects: a bug, not a crash. */
export class UnexpectedAnswer extends Error {}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/**
 * One client: creates, delivers and restocks (with If-Match, as the web app does) until its server
 * stops answering or `stop()` says so.
 */
export async function drive(
  remote: Remote,
  clerk: RemoteClerk,
  acks: Acknowledgements,
  stop: () => boolean = () => false,
): Promise<void> {
  while (!stop()) {
    const operation: Operation = pick(['create', 'deliver', 'deliver', 'restock', 'restock']) ?? 'create';
    const id = pick(acks.ids());
    try {
      if (operation === 'create' || !id) {
        const body = productFor(clerk.email, { quentity: 3 + Math.floor(Math.random() * 10) });
        const answer = await remote.call('POST', '/api/productOrder', { headers: clerk.withToken, body });
        if (answer.status !== 201)
          throw new UnexpectedAnswer(`create answered ${answer.status}: ${answer.text}`);
        const createdId = answer.json<{ _id: string }>()._id;
        acks.created.set(createdId, { name: body.name, quentity: Number(body.quentity) });
        acks.add(createdId, { version: 1, reason: 'created', quantityAfter: Number(body.quentity) });
        continue;
      }
      const read = await remote.call('GET', `/api/product/${id}`);
      if (read.status !== 200) throw new UnexpectedAnswer(`read answered ${read.status}: ${read.text}`);
      const item = read.json<Product>();
      const delivering = operation === 'deliver' && item.quentity > 0;
      const answer = await remote.call('PUT', delivering ? `/api/product/${id}` : `/api/products/${id}`, {
        headers: { ...clerk.session, 'if-match': `"${item.version}"` },
        body: {
          newQuentity: delivering ? item.quentity - 1 : item.quentity + 1 + Math.floor(Math.random() * 5),
        },
      });
      if (answer.status === 200) {
        const changed = answer.json<{ quentity: number; version: number }>();
        acks.add(id, {
          version: changed.version,
          reason: delivering ? 'delivered' : 'restocked',
          quantityAfter: changed.quentity,
        });
      } else if (answer.status !== 409 && answer.status !== 412) {
        throw new UnexpectedAnswer(`stock change answered ${answer.status}: ${answer.text}`);
      }
    } catch (error) {
      if (error instanceof UnexpectedAnswer) throw error;
      // No answer: the server is gone. Whatever was in flight may or may not have been committed.
      return;
    }
  }
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

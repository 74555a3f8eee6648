import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as it arrived (what a signature is computed over). */
  body: string;
  /** The status the receiver answered with (0: it never answered). */
  answered: number;
}

/** How the receiver answers its n-th call (1-based): a status, or `hang` to never answer. */
export type Answering = (call: number) => number | 'hang';

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** The calls answered with a 2xx. */
  accepted: () => ReceivedCall[];
  /** Resolves once `count` calls were accepted. */
  waitForAccepted: (count: number, timeoutMs?: number) => Promise<ReceivedCall[]>;
  answering: Answering;
  close: () => Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every call; it answers 200 unless told otherwise. */
export async function startWebhookReceiver(answering: Answering = () => 200): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  const waiters = new Set<() => void>();
  const accepted = () => calls.filter((call) => call.answered >= 200 && call.answered < 300);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call: ReceivedCall = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: 0,
      };
      calls.push(call);
      const answer = receiver.answering(calls.length);
      if (answer === 'hang') return;
      call.answered = answer;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks/low-stock`,
    calls,
    answering,
    accepted,
    waitForAccepted: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (accepted().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(accepted());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${accepted().length} of ${count} webhook calls accepted within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

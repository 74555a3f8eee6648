import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server that can stop passing the server's bytes on: from `holdAnswers()`
 * the server still reads every request and writes its answer, but no answer reaches a client. A crash
 * test kills the server while answers are held, so that an operation is surely committed and never
 * answered, the case a client's retry must get right (instead of hoping a kill lands in that window).
 */
export class AnswerHoldingRelay {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #target: URL;
  #holding = false;

  private constructor(target: string) {
    this.#target = new URL(target);
    this.#server = createServer((client) => {
      const upstream = connect(Number(this.#target.port), this.#target.hostname);
      this.#sockets.add(client).add(upstream);
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (!this.#holding) client.write(chunk);
      });
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.#sockets.delete(client);
        this.#sockets.delete(upstream);
      };
      for (const socket of [client, upstream]) {
        socket.on('close', close);
        socket.on('error', close);
      }
    });
  }

  /** A relay to `target` (an http:// address), listening on a free port of 127.0.0.1. */
  static async start(target: string): Promise<AnswerHoldingRelay> {
    const relay = new AnswerHoldingRelay(target);
    await new Promise<void>((resolve) => relay.#server.listen(0, '127.0.0.1', resolve));
    return relay;
  }

  /** The address clients send to. */
  get url(): string {
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('the relay is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** From now on, no answer of the server reaches a client. */
  holdAnswers(): void {
    this.#holding = true;
  }

  /** Relays to `target` (the restarted server), passing answers on again; drops every open connection. */
  retarget(target: string): void {
    this.#target = new URL(target);
    this.#holding = false;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

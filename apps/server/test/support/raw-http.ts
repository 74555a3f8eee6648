import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; repeated headers (set-cookie) joined with "\n". */
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the request line: never parsed or normalised. */
  target: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A body sent as it is (its content-type among `headers`); ignored when `json` is given. */
  body?: string;
  /** Answer as soon as the head has arrived, with what body came with it (for endless streams). */
  untilHead?: boolean;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * One HTTP/1.1 request over a plain socket, the target written verbatim (fetch and http.request
 * would normalise or refuse some spellings an attacker can send), the connection closed after it.
 */
export function rawHttp(port: number, request: RawRequest): Promise<RawAnswer> {
  const body = request.json === undefined ? (request.body ?? '') : JSON.stringify(request.json);
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...(request.json === undefined && request.body === undefined
      ? {}
      : { 'content-length': String(Buffer.byteLength(body)) }),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (request.untilHead && Buffer.concat(chunks).includes('\r\n\r\n')) {
        socket.destroy();
        finish();
      }
    });
    socket.on('error', reject);
    socket.on('end', finish);
    function finish() {
      if (answered) return;
      answered = true;
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(
          new Error(`no complete answer to ${request.method} ${request.target}: ${raw.toString('latin1')}`),
        );
        return;
      }
      const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        answerHeaders[name] = answerHeaders[name] === undefined ? value : `${answerHeaders[name]}\n${value}`;
      }
      const payload = raw.subarray(split + 4);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        body: (answerHeaders['transfer-encoding'] === 'chunked' ? dechunk(payload) : payload).toString(
          'utf8',
        ),
      });
    }
    // Not ended from this side: a half-closed socket may be dropped before it is answered.
    // `connection: close` has the server close it after the answer.
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

/** Starts `app` on a free loopback port and returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return address.port;
}

/**
 * The baseline: a bare node:http server (no framework, no database) that answers each benchmark
 * case with the very bytes our server sent for it, captured beforehand and kept in memory. Reads
 * {port, responses} as JSON on stdin; prints "ready" once listening.
 *
 * A GET is looked up by its exact path and query; any PUT is answered with the captured Delivered
 * reply, any POST with the captured transfer (after its body has been read, as our server must).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import type { BaselineSetup, CapturedResponse } from './captured.ts';

interface Prepared {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

const prepare = (response: CapturedResponse): Prepared => {
  const body = Buffer.from(response.bodyBase64, 'base64');
  return {
    status: response.status,
    headers: [...response.headers, ['content-length', String(body.length)]],
    body,
  };
};

const setup = JSON.parse(await text(process.stdin)) as BaselineSetup;
const byGetPath = new Map<string, Prepared>();
const byMethod = new Map<string, Prepared>();
for (const response of setup.responses) {
  if (response.method === 'GET') byGetPath.set(response.path, prepare(response));
  else byMethod.set(response.method, prepare(response));
}

function answer(res: ServerResponse, prepared: Prepared | undefined): void {
  if (!prepared) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(prepared.status, prepared.headers);
  res.end(prepared.body);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (req.method === 'GET') {
    answer(res, byGetPath.get(req.url ?? ''));
    return;
  }
  req.resume();
  req.on('end', () => answer(res, byMethod.get(req.method ?? '')));
});
server.keepAliveTimeout = 72_000;
server.listen(setup.port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

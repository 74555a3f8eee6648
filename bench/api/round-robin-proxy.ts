/**
 * A tiny load balancer for the two-instance runs: a TCP proxy on 127.0.0.1 that hands each new
 * connection to the next backend in turn (the way a round-robin balancer spreads keep-alive
 * connections). Reads {port, backends} as JSON on stdin; prints "ready" once listening.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import { text } from 'node:stream/consumers';

interface ProxySetup {
  port: number;
  backends: number[];
}

const setup = JSON.parse(await text(process.stdin)) as ProxySetup;
let next = 0;

const server = createServer((client: Socket) => {
  const port = setup.backends[next % setup.backends.length] ?? 0;
  next += 1;
  const backend = createConnection({ port, host: '127.0.0.1' });
  client.setNoDelay(true);
  backend.setNoDelay(true);
  client.pipe(backend).pipe(client);
  const close = () => {
    client.destroy();
    backend.destroy();
  };
  client.on('error', close);
  backend.on('error', close);
  client.on('close', close);
  backend.on('close', close);
});
server.listen(setup.port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});

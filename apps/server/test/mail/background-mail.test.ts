import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { startSmtpServer } from '../support/smtp-server.ts';
import { createTestApp } from '../support/test-app.ts';

/** An SMTP "server" that accepts connections and never says a word, until released. */
async function silentSmtpServer(): Promise<{ url: string; release: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let released = false;
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    if (released) socket.destroy();
    else sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    release: async () => {
      released = true;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Each test builds its own app (PGlite takes a while on a busy machine).
describe.each(TEST_ENGINES)(
  'reset and verification mail in the background on %s',
  { timeout: 120_000 },
  (engine) => {
    it('answers a reset request without waiting for the mail server', async () => {
      const smtp = await silentSmtpServer();
      const ctx = await createTestApp(engine, { SMTP_URL: smtp.url });
      try {
        const user = await signUp(ctx.app);
        for (const email of [user.email, 'nobody-here@example.com']) {
          const answer = await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            headers: { 'x-forwarded-for': testClientIp() },
            payload: { email, redirectTo: '/reset-password' },
          });
          // A mail server that never answers would hold an awaited send for its whole timeout.
          expect(answer.statusCode, answer.body).toBe(200);
        }
      } finally {
        // The sends under way fail once the mail server goes; closing waits for them.
        await smtp.release();
        await ctx.close();
      }
    });

    it('waits for the mail still being sent when the server shuts down', async () => {
      const smtp = await startSmtpServer();
      const ctx = await createTestApp(engine, { SMTP_URL: smtp.url });
      let closed = false;
      try {
        const user = await signUp(ctx.app);
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { 'x-forwarded-for': testClientIp() },
          payload: { email: user.email, redirectTo: '/reset-password' },
        });
        expect(answer.statusCode).toBe(200);
        await ctx.close();
        closed = true;
        const to = (subject: RegExp) =>
          smtp.received.some((mail) => mail.to.includes(user.email) && subject.test(mail.subject));
        expect(to(/confirm your email/)).toBe(true);
        expect(to(/reset your password/)).toBe(true);
      } finally {
        if (!closed) await ctx.close();
        await smtp.close();
      }
    });
  },
);

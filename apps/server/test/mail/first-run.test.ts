import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { rawHttp } from '../support/raw-http.ts';

/** The quick start's environment: `npm start` with nothing set (no NODE_ENV, HOST or SMTP_URL). */
function quickStartEnv(dataDir: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...overrides,
  };
}

/** The message (`msg`) of every JSON log line the server wrote, with the line itself. */
function logged(server: ChildServer): Array<{ msg: string; line: string }> {
  return server.logs.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: unknown };
      return typeof entry.msg === 'string' ? [{ msg: entry.msg, line }] : [];
    } catch {
      return [];
    }
  });
}

/** Signs up as a script would (no Origin, no fetch metadata: fetch's `sec-fetch-mode` is refused). */
async function signUp(server: ChildServer, email: string): Promise<void> {
  const answer = await rawHttp(Number(new URL(server.url).port), {
    method: 'POST',
    target: '/api/auth/sign-up/email',
    json: { name: 'New User', email, password: 'Shelf 7 holds the blue inverters' },
  });
  expect(answer.status, answer.body).toBe(200);
}

async function mailLine(server: ChildServer, email: string): Promise<{ msg: string; line: string }> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = logged(server).find(
      (entry) => entry.line.includes(email) && /mail not sent/.test(entry.msg),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line for the mail to ${email}:\n${server.logs.slice(-20).join('\n')}`);
}

describe('first run without SMTP: where the verification mail goes', () => {
  let server: ChildServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('with the quick start defaults, the log says so at start and carries each link; it never points at an outbox that is not there', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'walton-first-run-'));
    server = await startChildServer(quickStartEnv(dataDir));
    const atStart = logged(server).find((entry) => /SMTP_URL is not set/.test(entry.msg));
    expect(atStart?.msg).toMatch(/not sent/);
    expect(atStart?.msg).toMatch(/written to this log/);
    expect(atStart?.msg).toMatch(/HOST=127\.0\.0\.1/);

    await signUp(server, 'first-run@example.com');
    const mail = await mailLine(server, 'first-run@example.com');
    expect(mail.line).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(mail.msg).not.toMatch(/outbox/);
    const outbox = await fetch(`${server.url}/api/dev/outbox`);
    expect(outbox.status).toBe(404);
  });

  it('on a loopback HOST, the log names the dev outbox, which lists the mail', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'walton-first-run-'));
    server = await startChildServer(quickStartEnv(dataDir, { HOST: '127.0.0.1' }));
    const atStart = logged(server).find((entry) => /SMTP_URL is not set/.test(entry.msg));
    expect(atStart?.msg).toMatch(/\/api\/dev\/outbox/);

    await signUp(server, 'loopback@example.com');
    const mail = await mailLine(server, 'loopback@example.com');
    expect(mail.msg).toMatch(/\/api\/dev\/outbox/);
    const outbox = await fetch(`${server.url}/api/dev/outbox`);
    expect(outbox.status).toBe(200);
    const entries = (await outbox.json()) as Array<{ to: string; links: string[] }>;
    expect(entries[0]?.to).toBe('loopback@example.com');
    expect(entries[0]?.links[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
  });
});

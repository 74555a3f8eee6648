import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serverErrors, startAppServer } from './app-server.ts';
import { buildWeb } from './build-web.ts';
import { E2E_ADMIN, E2E_ENV } from './env.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import { startMailServer } from './mail-server.ts';
import { E2E_OUTPUT_DIR, runOutputDir } from './paths.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const KEPT_RUNS = 5;

/** Keeps the output of the last few runs only (a run still going is among the newest). */
function pruneOldRuns(): void {
  const runs = join(E2E_OUTPUT_DIR, 'runs');
  mkdirSync(runs, { recursive: true });
  const names = readdirSync(runs).sort();
  for (const name of names.slice(0, Math.max(0, names.length - KEPT_RUNS))) {
    rmSync(join(runs, name), { recursive: true, force: true });
  }
}

/**
 * Builds the SPA from the current sources, then starts a real SMTP server, the Google stand-in and
 * the real server (serving that build) on a free port with a fresh SQLite database. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24) {
    throw new Error(`the suite runs the server with this Node (${process.version}); Node 24 is required`);
  }
  pruneOldRuns();
  mkdirSync(runOutputDir(), { recursive: true });
  const runDir = mkdtempSync(join(tmpdir(), 'walton-e2e-'));
  const webDistDir = join(runDir, 'web');
  try {
    buildWeb(repoRoot, webDistDir);
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  const mailDir = join(runDir, 'mail');
  const mail = await startMailServer(mailDir);
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const google = await startGoogleStandIn(appUrl);
  const logFile = join(runOutputDir(), 'server.log');
  const app = await startAppServer(port, {
    repoRoot,
    dataDir: join(runDir, 'data'),
    logFile,
    webDistDir,
    smtpPort: mail.port,
    google: {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
    },
  }).catch(async (error: unknown) => {
    await Promise.all([mail.close(), google.close()]);
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  });
  // The administrator first, before any test's user could be the first account (itself an admin).
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!signUp.ok) {
    await app.stop();
    await Promise.all([mail.close(), google.close()]);
    rmSync(runDir, { recursive: true, force: true });
    throw new Error(`signing up the suite's admin: ${signUp.status} ${await signUp.text()}`);
  }
  console.log(
    `[e2e] server ${app.url} (log: ${logFile}), SMTP :${mail.port}, Google stand-in ${google.issuer}`,
  );

  process.env[E2E_ENV.baseUrl] = app.url;
  process.env[E2E_ENV.mailDir] = mailDir;
  process.env[E2E_ENV.googleIssuer] = google.issuer;

  return async () => {
    await app.stop();
    await Promise.all([mail.close(), google.close()]);
    rmSync(runDir, { recursive: true, force: true });
    const errors = serverErrors(logFile);
    if (errors.length > 0) {
      throw new Error(
        `the server logged ${errors.length} error(s) during the run (${logFile}):\n${errors.join('\n')}`,
      );
    }
  };
}

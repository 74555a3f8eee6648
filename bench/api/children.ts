import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { freePort, ROOT, stopChild } from '../lib/processes.ts';
import type { BaselineSetup, CapturedResponse } from './captured.ts';
import type { LoadJob, LoadResult } from './load-types.ts';

export { waitUntilIdle } from './idle.ts';

const LOAD_WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const BASELINE_SERVER = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

/** Runs one load job in its own process (bench/api/load-worker.ts) and returns what it measured. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, [LOAD_WORKER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  const [output, [code]] = await Promise.all([
    text(child.stdout),
    once(child, 'exit') as Promise<[number | null]>,
  ]);
  if (code !== 0) throw new Error(`the load generator failed (exit code ${code})`);
  return JSON.parse(output) as LoadResult;
}

export interface RunningBaseline {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the bare node:http baseline (bench/api/baseline-server.ts) replaying `responses`. */
export async function startBaseline(responses: CapturedResponse[]): Promise<RunningBaseline> {
  const port = await freePort();
  const child = spawn(process.execPath, [BASELINE_SERVER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const setup: BaselineSetup = { port, responses };
  child.stdin.end(JSON.stringify(setup));
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (chunk.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the baseline server exited with code ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

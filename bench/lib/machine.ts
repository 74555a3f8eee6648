import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { CHROMIUM } from '../../apps/web/e2e/support/chromium.ts';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  chromium: string | undefined;
  /** 1-minute load average when the run started: other work on the machine skews the numbers. */
  loadAverageAtStart: number;
}

function chromiumVersion(): string | undefined {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export function describeMachine(): Machine {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${process.platform} ${process.arch}`,
    chromium: chromiumVersion(),
    loadAverageAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

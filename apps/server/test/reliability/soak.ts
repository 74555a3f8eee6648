import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Quick (npm test) or long (npm run test:soak, SOAK=1) versions of the same reliability tests:
 * every count goes through `scaled`, and every file tallies what it did in `figures`, which the
 * soak runner (run-soak.ts) sums up.
 */
export const SOAK = process.env.SOAK === '1';

/** `quick` in npm test, `soak` under npm run test:soak. */
export const scaled = (quick: number, soak: number): number => (SOAK ? soak : quick);

/** Counters that npm run test:soak reports (summed over files) and measurements it prints as they are. */
export interface Tally {
  requests: number;
  faults: number;
  writesVerified: number;
  inputsTried: number;
}

export class Figures {
  readonly #file: string;
  readonly tally: Tally = { requests: 0, faults: 0, writesVerified: 0, inputsTried: 0 };
  readonly measurements: Record<string, number | string> = {};

  constructor(file: string) {
    this.#file = file;
  }

  add(counter: keyof Tally, amount = 1): void {
    this.tally[counter] += amount;
  }

  measure(name: string, value: number | string): void {
    this.measurements[name] = value;
  }

  /** Writes the figures where the soak runner collects them (SOAK_REPORT_DIR); a no-op otherwise. */
  flush(): void {
    const dir = process.env.SOAK_REPORT_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${this.#file}-${process.pid}.json`),
      JSON.stringify({ file: this.#file, tally: this.tally, measurements: this.measurements }),
    );
  }
}

/** The median of some numbers (0 for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

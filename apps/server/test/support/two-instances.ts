import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Two instances of the real application on one fresh PostgreSQL database (only PostgreSQL runs
 * several instances on one database, ADR 18), for the tests of the describe block that calls this:
 * both started before its tests, closed and the database dropped after them. `first` checks the
 * wording of its refusals as every test app does; `second` is the application as it is built.
 * `env` is the environment both were built from (with `overrides`). Read them in the tests (they
 * exist from then on).
 */
export function twoInstances(overrides: Record<string, string> = {}): {
  readonly first: FastifyInstance;
  readonly second: FastifyInstance;
  readonly env: Record<string, string>;
} {
  let first: TestApp | undefined;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    first = await createTestApp('postgres', overrides);
    second = await buildApp(loadConfig(first.env));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  const started = () => {
    if (!first || !second) throw new Error('twoInstances is read in a test, after its beforeAll');
    return { first, second };
  };
  return {
    get first() {
      return started().first.app;
    },
    get second() {
      return started().second;
    },
    get env() {
      return started().first.env;
    },
  };
}

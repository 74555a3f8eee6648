import { type ApiErrorCode, apiErrorText, isApiErrorCode } from '@walton/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { TestEngine } from './engines.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The environment the app was built from (for building a second instance on the same database). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** The environment a test app is built from, on the database `databaseEnv` names (see createTestDatabase). */
export function testAppEnv(
  databaseEnv: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...databaseEnv,
    ...overrides,
  };
}

/**
 * Why a refusal's body breaks "one English text per code", or null: every error answer of the API
 * carries a code of API_ERROR_TEXT and, as its message, that code's text filled from its params.
 */
export function refusalProblem(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400 || !response.headers['content-type']?.toString().includes('json'))
    return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  const { code, message, params } = body as { code?: unknown; message?: unknown; params?: unknown };
  if (typeof code !== 'string' || !isApiErrorCode(code))
    return `refusal without a known code: ${JSON.stringify(body)}`;
  const expected = apiErrorText(code as ApiErrorCode, (params ?? {}) as Record<string, string | number>);
  return message === expected ? null : `${code} said "${String(message)}", its one text says "${expected}"`;
}

/**
 * The app, whose `inject` (with options, as the tests call it) fails on a refusal that breaks
 * refusalProblem: every suite that sends refusals checks that each is worded by its code.
 */
function checkingRefusals(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const checked = async (...args: Parameters<FastifyInstance['inject']>) => {
    const response = (await inject(...args)) as LightMyRequestResponse;
    const problem = refusalProblem(response);
    if (problem) throw new Error(problem);
    return response;
  };
  return new Proxy(app, {
    get: (target, property, receiver) =>
      property === 'inject'
        ? (...args: Parameters<FastifyInstance['inject']>) =>
            args.length === 0 ? inject() : checked(...args)
        : Reflect.get(target, property, receiver),
  });
}

/** The real application on a fresh database of the given engine, for `app.inject` tests. */
export async function createTestApp(
  engine: TestEngine,
  overrides: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const env = testAppEnv(database.env, overrides);
  let app: FastifyInstance;
  try {
    app = await buildApp(loadConfig(env), options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    app: checkingRefusals(app),
    env,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

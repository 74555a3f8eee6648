import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(TEST_ENGINES)('the user language on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the language a user chose beside their other preferences, each changed on its own', async () => {
    const clerk = await newClerk(ctx.app, 'Language');
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: clerk.session, payload });

    expect((await put({ language: 'bn' })).json()).toEqual({ lowStockEmail: false, language: 'bn' });
    expect((await put({ lowStockEmail: true })).json()).toEqual({ lowStockEmail: true, language: 'bn' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: clerk.session })).json(),
    ).toEqual({ lowStockEmail: true, language: 'bn' });

    const refused = await put({ language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect((await put({ language: 'en' })).json()).toEqual({ lowStockEmail: true, language: 'en' });
  });
});

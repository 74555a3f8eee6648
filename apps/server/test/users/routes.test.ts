import type { Me, Product, UserAccount, UserAuditEntry } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { cookieHeader, signUp, testClientIp } from '../support/auth-helpers.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { twoInstances } from '../support/two-instances.ts';

const me = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/me', headers: { cookie } })).json<Me>();

function patchUser(app: FastifyInstance, by: Clerk, id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: by.session, payload });
}

function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'x-forwarded-for': testClientIp() },
    payload: { email, password },
  });
}

for (const engine of TEST_ENGINES) {
  describe(`roles, /api/me and /api/users on ${engine}`, () => {
    let ctx: TestApp;
    let admin: Clerk;
    let staff: Clerk;

    beforeAll(async () => {
      ctx = await createTestApp(engine, { ADMIN_EMAILS: 'Boss@Example.com, owner@example.com' });
      admin = await newClerk(ctx.app, 'First');
      staff = await newClerk(ctx.app, 'Second');
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('makes the first account admin and the next ones DEFAULT_ROLE (staff), with their actions', async () => {
      const first = await me(ctx.app, admin.cookie);
      expect(first).toMatchObject({ email: admin.email, name: 'First', role: 'admin' });
      expect(first.actions).toContain('users.manage');
      const second = await me(ctx.app, staff.cookie);
      expect(second.role).toBe('staff');
      expect(second.actions).toEqual(expect.arrayContaining(['item.deliver', 'item.edit', 'history.revert']));
      expect(second.actions).not.toContain('users.manage');
    });

    it('makes an address of ADMIN_EMAILS admin at sign-up, whatever its case', async () => {
      const boss = await signUp(ctx.app, { email: 'boss@example.com' });
      expect((await me(ctx.app, boss.cookie)).role).toBe('admin');
    });

    it('lists every account to an admin, and to nobody else', async () => {
      const listed = await ctx.app.inject({ url: '/api/users', headers: admin.session });
      expect(listed.statusCode).toBe(200);
      const accounts = listed.json<UserAccount[]>();
      expect(accounts[0]).toMatchObject({
        id: admin.user.id,
        email: admin.email,
        role: 'admin',
        disabled: false,
      });
      expect(accounts.find((account) => account.id === staff.user.id)).toMatchObject({
        role: 'staff',
        emailVerified: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastActiveAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const refused = await ctx.app.inject({ url: '/api/users', headers: staff.session });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', action: 'users.manage' });
    });

    it('changes a role at once, and records who changed whom and when', async () => {
      const viewer = await newClerk(ctx.app, 'Soon a viewer');
      const changed = await patchUser(ctx.app, admin, viewer.user.id, { role: 'viewer' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: viewer.user.id, role: 'viewer' });
      expect((await me(ctx.app, viewer.cookie)).role).toBe('viewer');
      const deliver = await ctx.app.inject({
        method: 'PUT',
        url: '/api/product/any-item',
        headers: viewer.session,
        payload: { newQuentity: 1 },
      });
      expect(deliver.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', action: 'item.deliver' });
      const audit = (await ctx.app.inject({ url: '/api/users/audit', headers: admin.session })).json<
        UserAuditEntry[]
      >();
      expect(audit[0]).toMatchObject({
        actorEmail: admin.email,
        subjectId: viewer.user.id,
        subjectEmail: viewer.email,
        change: 'role',
        before: 'staff',
        after: 'viewer',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('never demotes or disables the last admin, and lets one go while another remains', async () => {
      const lonely = await createTestApp(engine);
      try {
        const only = await newClerk(lonely.app, 'Only admin');
        for (const change of [{ role: 'staff' }, { disabled: true }, { role: 'viewer', disabled: true }]) {
          const refused = await patchUser(lonely.app, only, only.user.id, change);
          expect(refused.statusCode).toBe(409);
          expect(refused.json()).toMatchObject({ code: 'LAST_ADMIN' });
        }
        expect((await me(lonely.app, only.cookie)).role).toBe('admin');
        const second = await newClerk(lonely.app, 'Second admin');
        expect((await patchUser(lonely.app, only, second.user.id, { role: 'admin' })).statusCode).toBe(200);
        expect((await patchUser(lonely.app, only, only.user.id, { role: 'staff' })).statusCode).toBe(200);
        expect((await me(lonely.app, only.cookie)).role).toBe('staff');
        expect((await patchUser(lonely.app, second, second.user.id, { disabled: true })).statusCode).toBe(
          409,
        );
      } finally {
        await lonely.close();
      }
    });

    it('ends a disabled account’s sessions at once, refuses its sign-in, and lets it back when enabled', async () => {
      const leaving = await newClerk(ctx.app, 'Leaving');
      expect((await ctx.app.inject({ url: '/api/stats/summary', headers: leaving.session })).statusCode).toBe(
        200,
      );
      const disabled = await patchUser(ctx.app, admin, leaving.user.id, { disabled: true });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ disabled: true });
      expect((await ctx.app.inject({ url: '/api/stats/summary', headers: leaving.session })).statusCode).toBe(
        401,
      );
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: leaving.withToken,
        payload: validProduct(leaving.email),
      });
      expect(created.statusCode).toBe(401);
      const refused = await signIn(ctx.app, leaving.email, leaving.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      expect(cookieHeader(refused)).not.toMatch(/session_token=[^;]+/);
      expect((await patchUser(ctx.app, admin, leaving.user.id, { disabled: false })).statusCode).toBe(200);
      const back = await signIn(ctx.app, leaving.email, leaving.password);
      expect(back.statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ url: '/api/stats/summary', headers: { cookie: cookieHeader(back) } }))
          .statusCode,
      ).toBe(200);
      const audit = (await ctx.app.inject({ url: '/api/users/audit', headers: admin.session })).json<
        UserAuditEntry[]
      >();
      expect(audit.slice(0, 2).map(({ change, before, after }) => [change, before, after])).toEqual([
        ['disabled', 'true', 'false'],
        ['disabled', 'false', 'true'],
      ]);
    });

    it("takes no role or disabled flag from sign-up or from Better Auth's update-user", async () => {
      const email = `climber-${Date.now()}@example.com`;
      const signedUp = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'x-forwarded-for': testClientIp() },
        payload: { name: 'Climber', email, password: 'a-long-unusual-passphrase-42', role: 'admin' },
      });
      const cookie = cookieHeader(signedUp);
      if (signedUp.statusCode === 200) expect((await me(ctx.app, cookie)).role).toBe('staff');
      else expect(signedUp.statusCode).toBe(400);
      const updated = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...staff.session, 'x-forwarded-for': testClientIp() },
        payload: { role: 'admin', disabled: false },
      });
      expect(updated.statusCode).toBeGreaterThanOrEqual(400);
      expect((await me(ctx.app, staff.cookie)).role).toBe('staff');
    });

    it('refuses an unknown account (404) and a change that says nothing (400)', async () => {
      expect((await patchUser(ctx.app, admin, 'no-such-account', { role: 'staff' })).statusCode).toBe(404);
      const empty = await patchUser(ctx.app, admin, staff.user.id, {});
      expect(empty.statusCode).toBe(400);
      const unknownRole = await patchUser(ctx.app, admin, staff.user.id, { role: 'owner' });
      expect(unknownRole.statusCode).toBe(400);
    });

    it("shows a supplier their own items' supplier email and nobody else's", async () => {
      const supplier = await newClerk(ctx.app, 'Supplier');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: staff.withToken,
        payload: validProduct(staff.email),
      });
      const id = created.json<{ _id: string }>()._id;
      await patchUser(ctx.app, admin, supplier.user.id, { role: 'supplier' });
      const item = (
        await ctx.app.inject({ url: `/api/product/${id}`, headers: supplier.session })
      ).json<Product>();
      expect(item).not.toHaveProperty('email');
      const list = (await ctx.app.inject({ url: '/api/product?limit=100', headers: supplier.session })).json<
        Product[]
      >();
      expect(list.length).toBeGreaterThan(0);
      expect(list.filter((product) => product.email !== undefined)).toEqual([]);
      const bySupplier = await ctx.app.inject({
        url: `/api/productOrder?email=${encodeURIComponent(staff.email)}`,
        headers: supplier.session,
      });
      expect(bySupplier.json<Product[]>().map((product) => product.email)).toEqual(
        bySupplier.json<Product[]>().map(() => undefined),
      );
      // The staff member still reads it (their answer is not the supplier's).
      expect(
        (await ctx.app.inject({ url: `/api/product/${id}`, headers: staff.session })).json(),
      ).toHaveProperty('email', staff.email);
    });
  });
}

describe('DEFAULT_ROLE and ADMIN_EMAILS at start (sqlite)', () => {
  it('gives new accounts DEFAULT_ROLE and makes existing ADMIN_EMAILS accounts admin when the server starts', async () => {
    const ctx = await createTestApp('sqlite', { DEFAULT_ROLE: 'viewer' });
    let restarted: FastifyInstance | undefined;
    try {
      await signUp(ctx.app);
      const later = await signUp(ctx.app, { email: 'later-admin@example.com' });
      expect((await me(ctx.app, later.cookie)).role).toBe('viewer');
      await ctx.app.close();
      restarted = await buildApp(loadConfig({ ...ctx.env, ADMIN_EMAILS: 'later-admin@example.com' }));
      const again = await signIn(restarted, later.email, later.password);
      expect((await me(restarted, cookieHeader(again))).role).toBe('admin');
    } finally {
      await restarted?.close();
      await ctx.close().catch(() => {});
    }
  });
});

/** Only PostgreSQL runs several instances on one database (ADR 18). */
describe.runIf(postgresAdminUrl)('a disable on one instance, on the other (postgres)', () => {
  const instances = twoInstances({ SESSION_TRUST_MS: '60000' });

  it("refuses the account's next request on the second instance", async () => {
    const admin = await newClerk(instances.first, 'Admin');
    const clerk = await newClerk(instances.first, 'Clerk');
    const summary = () => instances.second.inject({ url: '/api/stats/summary', headers: clerk.session });
    // The second instance verifies the session and, from now on, trusts it for a minute.
    expect((await summary()).statusCode).toBe(200);
    expect((await patchUser(instances.first, admin, clerk.user.id, { disabled: true })).statusCode).toBe(200);
    await expect.poll(async () => (await summary()).statusCode, { timeout: 10_000 }).toBe(401);
  });
});

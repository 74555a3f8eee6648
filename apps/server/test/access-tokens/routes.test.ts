/**
 * Personal access tokens end to end through the real app, on every engine: created from a session
 * (the secret answered once), listed without it, used as `Authorization: Bearer` with the owner's
 * role as it is at each request, refused with a code once revoked, expired or the owner disabled,
 * recorded in the accounts' audit; bad input is a 400, the header's spellings are read as raw HTTP.
 */
import { createHash } from 'node:crypto';
import type { PersonalToken, UserAuditEntry } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalAccessTokens } from '../../src/access-tokens/personal-access-tokens.ts';
import { TokenRepository } from '../../src/access-tokens/token-repository.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { signUp } from '../support/auth-helpers.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { twoInstances } from '../support/two-instances.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Created {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string;
  token: string;
}

async function createToken(
  app: FastifyInstance,
  clerk: Clerk,
  payload: Record<string, unknown> = { name: 'Nightly export', expiresInDays: 30 },
): Promise<Created> {
  const created = await app.inject({ method: 'POST', url: '/api/tokens', headers: clerk.session, payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Created>();
}

function patchUser(app: FastifyInstance, by: Clerk, id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: by.session, payload });
}

for (const engine of TEST_ENGINES) {
  describe(`personal access tokens on ${engine}`, () => {
    let ctx: TestApp;
    let port: number;
    /** How far the server's clock is ahead of the real one (to see a token expire). */
    let aheadMs = 0;
    let admin: Clerk;
    let staff: Clerk;
    let viewer: Clerk;

    beforeAll(async () => {
      ctx = await createTestApp(engine, {}, { clock: () => new Date(Date.now() + aheadMs) });
      port = await listenOnLoopback(ctx.app);
      admin = await newClerk(ctx.app, 'Admin');
      staff = await newClerk(ctx.app, 'Staff');
      viewer = await newClerk(ctx.app, 'Viewer');
      expect((await patchUser(ctx.app, admin, viewer.user.id, { role: 'viewer' })).statusCode).toBe(200);
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/me', headers });
    const list = async (clerk: Clerk) =>
      (await ctx.app.inject({ url: '/api/tokens', headers: clerk.session })).json<PersonalToken[]>();
    const deliver = (id: string, newQuentity: number, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers, payload: { newQuentity } });

    it('answers the secret once, lists the token without it, and takes it as its owner', async () => {
      const created = await createToken(ctx.app, staff, { name: '  Stock sync  ', expiresInDays: 7 });
      expect(created.token).toMatch(/^ww_pat_[A-Za-z0-9_-]{43}$/);
      expect(created.name).toBe('Stock sync');
      expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(7 * DAY_MS);

      const listed = await ctx.app.inject({ url: '/api/tokens', headers: staff.session });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(created.token);
      expect(listed.json<PersonalToken[]>()).toContainEqual({
        id: created.id,
        name: 'Stock sync',
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      });
      expect(Object.keys(listed.json<PersonalToken[]>()[0] ?? {}).sort()).toEqual([
        'createdAt',
        'expiresAt',
        'id',
        'lastUsedAt',
        'name',
      ]);
      // Nobody else sees it.
      expect((await list(viewer)).map((token) => token.id)).not.toContain(created.id);

      const used = await me(bearer(created.token));
      expect(used.statusCode, used.body).toBe(200);
      expect(used.json()).toMatchObject({ email: staff.email, role: 'staff' });
      const lastUsed = (await list(staff)).find((token) => token.id === created.id)?.lastUsedAt;
      expect(lastUsed).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it("acts with the owner's role: a viewer's token changes no stock (403), a staff token delivers and adds items", async () => {
      const item = await addProduct(ctx.app, staff);
      const viewerToken = (await createToken(ctx.app, viewer)).token;
      const refused = await deliver(item._id, item.quentity - 1, bearer(viewerToken));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', action: 'item.deliver' });

      const staffToken = (await createToken(ctx.app, staff)).token;
      const delivered = await deliver(item._id, item.quentity - 1, bearer(staffToken));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({ quentity: item.quentity - 1 });
      // The spec's add-item call takes the token for the access token, with no session at all.
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: bearer(staffToken),
        payload: validProduct(staff.email),
      });
      expect(added.statusCode, added.body).toBe(201);
      // A public read by a token reads as its owner (a signed-in user sees the supplier's address).
      const read = await ctx.app.inject({ url: `/api/product/${item._id}`, headers: bearer(staffToken) });
      expect(read.json()).toHaveProperty('email', staff.email);
    });

    it('loses the rights of a demoted owner on the very next request', async () => {
      const clerk = await newClerk(ctx.app, 'Soon demoted');
      const item = await addProduct(ctx.app, clerk);
      const token = (await createToken(ctx.app, clerk)).token;
      expect((await deliver(item._id, item.quentity - 1, bearer(token))).statusCode).toBe(200);
      expect((await patchUser(ctx.app, admin, clerk.user.id, { role: 'viewer' })).statusCode).toBe(200);
      const refused = await deliver(item._id, item.quentity - 2, bearer(token));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', action: 'item.deliver' });
      expect((await me(bearer(token))).json()).toMatchObject({ role: 'viewer' });
    });

    it("refuses a disabled owner's token, and enabling the account does not bring it back", async () => {
      const clerk = await newClerk(ctx.app, 'Leaving');
      const token = (await createToken(ctx.app, clerk)).token;
      expect((await me(bearer(token))).statusCode).toBe(200);
      expect((await patchUser(ctx.app, admin, clerk.user.id, { disabled: true })).statusCode).toBe(200);
      const refused = await me(bearer(token));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer /);
      expect((await patchUser(ctx.app, admin, clerk.user.id, { disabled: false })).statusCode).toBe(200);
      expect((await me(bearer(token))).json()).toMatchObject({ code: 'PERSONAL_TOKEN_REVOKED' });
    });

    it("revokes the owner's token at once (401), 404 for another account's, and audits who did what", async () => {
      const created = await createToken(ctx.app, staff, { name: 'Printer script', expiresInDays: 3 });
      const someoneElse = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${created.id}`,
        headers: viewer.session,
      });
      expect(someoneElse.statusCode).toBe(404);
      expect(someoneElse.json()).toMatchObject({ code: 'NO_SUCH_ACCESS_TOKEN' });
      expect((await me(bearer(created.token))).statusCode).toBe(200);

      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${created.id}`,
        headers: staff.session,
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toEqual({ revoked: true });
      const refused = await me(bearer(created.token));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'PERSONAL_TOKEN_REVOKED' });
      expect((await list(staff)).map((token) => token.id)).not.toContain(created.id);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${created.id}`,
        headers: staff.session,
      });
      expect(again.statusCode).toBe(404);

      const audit = (await ctx.app.inject({ url: '/api/users/audit', headers: admin.session })).json<
        UserAuditEntry[]
      >();
      const ofToken = audit.filter((entry) => [entry.before, entry.after].includes('Printer script'));
      expect(
        ofToken.map(({ change, before, after, actorEmail, subjectEmail, subjectId }) => ({
          change,
          before,
          after,
          actorEmail,
          subjectEmail,
          subjectId,
        })),
      ).toEqual([
        {
          change: 'token-revoked',
          before: 'Printer script',
          after: '',
          actorEmail: staff.email,
          subjectEmail: staff.email,
          subjectId: staff.user.id,
        },
        {
          change: 'token-created',
          before: '',
          after: 'Printer script',
          actorEmail: staff.email,
          subjectEmail: staff.email,
          subjectId: staff.user.id,
        },
      ]);
      expect(ofToken.every((entry) => /^\d{4}-\d\d-\d\dT/.test(entry.at))).toBe(true);
    });

    it('refuses an expired token (401 PERSONAL_TOKEN_EXPIRED)', async () => {
      const token = (await createToken(ctx.app, staff, { name: 'One day', expiresInDays: 1 })).token;
      try {
        aheadMs = DAY_MS - 60_000;
        expect((await me(bearer(token))).statusCode).toBe(200);
        aheadMs = DAY_MS;
        const refused = await me(bearer(token));
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ code: 'PERSONAL_TOKEN_EXPIRED' });
      } finally {
        aheadMs = 0;
      }
    });

    it('lets a token list and revoke tokens, never create one or get the access token of POST /api/login', async () => {
      const created = await createToken(ctx.app, staff);
      const more = await ctx.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: bearer(created.token),
        payload: { name: 'Child', expiresInDays: 1 },
      });
      expect(more.statusCode).toBe(403);
      expect(more.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: bearer(created.token),
        payload: { email: staff.email },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
      // Even with the owner's session beside it: the request is the token's.
      const withSession = await ctx.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { ...staff.session, ...bearer(created.token) },
        payload: { name: 'Child', expiresInDays: 1 },
      });
      expect(withSession.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
      expect((await list(staff)).filter((token) => token.name === 'Child')).toEqual([]);

      const listed = await ctx.app.inject({ url: '/api/tokens', headers: bearer(created.token) });
      expect(listed.json<PersonalToken[]>().map((token) => token.id)).toContain(created.id);
      const itself = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${created.id}`,
        headers: bearer(created.token),
      });
      expect(itself.statusCode).toBe(200);
      expect((await me(bearer(created.token))).json()).toMatchObject({ code: 'PERSONAL_TOKEN_REVOKED' });
    });

    it('answers bad input with a 400 and its code, never a 500, and creates nothing', async () => {
      const before = (await list(viewer)).length;
      const bodies: unknown[] = [
        {},
        { name: 'No expiry' },
        { expiresInDays: 30 },
        { name: '   ', expiresInDays: 30 },
        { name: 'x'.repeat(101), expiresInDays: 30 },
        { name: 42, expiresInDays: 30 },
        { name: 'Zero', expiresInDays: 0 },
        { name: 'Too long', expiresInDays: 366 },
        { name: 'Half', expiresInDays: 1.5 },
        { name: 'Text', expiresInDays: '30' },
        { name: 'Negative', expiresInDays: -1 },
        { name: 'Extra', expiresInDays: 30, role: 'admin' },
        [],
        null,
        'a token please',
      ];
      for (const payload of bodies) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: { ...viewer.session, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(answer.json<{ code?: string }>().code, JSON.stringify(payload)).toBeTruthy();
      }
      const broken = await ctx.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { ...viewer.session, 'content-type': 'application/json' },
        payload: '{"name": "Broken", ',
      });
      expect(broken.statusCode).toBe(400);
      const longId = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${'x'.repeat(201)}`,
        headers: viewer.session,
      });
      // Longer than any route parameter the server reads (Fastify's limit): refused before the route.
      expect(longId.statusCode).toBe(414);
      expect(longId.json<{ code?: string }>().code).toBeTruthy();
      expect((await list(viewer)).length).toBe(before);
    });

    it('reads the spellings of the Authorization header as raw HTTP', async () => {
      const { token } = await createToken(ctx.app, staff);
      const ask = (authorization: string, extra: Record<string, string> = {}) =>
        rawHttp(port, { method: 'GET', target: '/api/me', headers: { authorization, ...extra } });
      const asWho = async (authorization: string, extra: Record<string, string> = {}) => {
        const answer = await ask(authorization, extra);
        const body = JSON.parse(answer.body) as { email?: string; code?: string };
        return { status: answer.status, email: body.email, code: body.code };
      };
      const owner = { status: 200, email: staff.email, code: undefined };
      expect(await asWho(`Bearer ${token}`)).toEqual(owner);
      expect(await asWho(`bearer ${token}`)).toEqual(owner);
      expect(await asWho(`BEARER ${token}`)).toEqual(owner);
      expect(await asWho(`Bearer    ${token}`)).toEqual(owner);
      expect(await asWho(`Bearer \t ${token}  `)).toEqual(owner);
      const invalid = { status: 401, email: undefined, code: 'PERSONAL_TOKEN_INVALID' };
      expect(await asWho(`Bearer ${token}x`)).toEqual(invalid);
      expect(await asWho(`Bearer ${token.slice(0, -1)}`)).toEqual(invalid);
      expect(await asWho(`Bearer ww_pat_${'A'.repeat(43)}`)).toEqual(invalid);
      // Spelled otherwise than `Bearer <token>`: said so, by a code of its own.
      const malformed = { status: 401, email: undefined, code: 'PERSONAL_TOKEN_MALFORMED' };
      expect(await asWho(`Bearer ${token} ${token}`)).toEqual(malformed);
      expect(await asWho(`Token ${token}`)).toEqual(malformed);
      expect(await asWho(`Bearer:${token}`)).toEqual(malformed);
      expect(await asWho(`${staff.email} ${token}`)).toEqual(malformed);
      expect(await asWho(token)).toEqual(malformed);
      // Not one of ours: another prefix, or the short-lived JWT of POST /api/login, is no credential
      // without the session it belongs to.
      const nobody = { status: 401, email: undefined, code: 'UNAUTHORIZED' };
      expect(await asWho(`Bearer ww_tap_${token.slice('ww_pat_'.length)}`)).toEqual(nobody);
      expect(await asWho(`Bearer WW_PAT_${token.slice('ww_pat_'.length)}`)).toEqual(nobody);
      expect(await asWho(`Bearer ${staff.token}`)).toEqual(nobody);
      expect(await asWho(`Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl`)).toEqual(nobody);
      // A token that fails is refused even beside a valid session, and on a public route.
      expect(await asWho(`Bearer ${token}x`, { cookie: viewer.cookie })).toEqual(invalid);
      const publicRead = await rawHttp(port, {
        method: 'GET',
        target: '/api/product?limit=1',
        headers: { authorization: `bearer ${token}x` },
      });
      expect(publicRead.status).toBe(401);
      // A token beside another account's session: the request is the token's.
      expect(await asWho(`Bearer ${token}`, { cookie: viewer.cookie })).toEqual(owner);
    });
  });
}

describe.each(TEST_ENGINES)('what a personal access token leaves in the database on %s', (engine) => {
  it('keeps only the SHA-256 of the secret', async () => {
    const database = await createTestDatabase(engine);
    const handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    try {
      await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
      const owner = { id: 'owner-1', email: 'owner@example.com' };
      await handle.db
        .insertInto('users')
        .values({
          id: owner.id,
          name: 'Owner',
          email: owner.email,
          email_verified: handle.engine === 'postgres' ? true : 1,
          image: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          role: 'staff',
        })
        .execute();
      const tokens = new PersonalAccessTokens(
        new TokenRepository(handle.db, handle.engine),
        () => new Date(),
      );
      const created = await tokens.create(owner, { name: 'Backup', expiresInDays: 5 });
      const rows = await handle.db.selectFrom('personal_access_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.secret_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
      const secretPart = created.token.slice('ww_pat_'.length);
      expect(JSON.stringify(rows)).not.toContain(secretPart);
      expect((await tokens.authenticate(created.token)).user).toMatchObject({ id: owner.id, role: 'staff' });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});

/** Only PostgreSQL runs several instances on one database (ADR 18). */
describe.runIf(postgresAdminUrl)(
  'a token disabled or revoked on one instance, on the other (postgres)',
  () => {
    const instances = twoInstances({ SESSION_TRUST_MS: '60000' });

    it("refuses the token's next request on the second instance", async () => {
      const admin = await newClerk(instances.first, 'Admin');
      const clerk = await newClerk(instances.first, 'Clerk');
      const kept = await createToken(instances.first, clerk);
      const revokedLater = await createToken(instances.first, clerk, {
        name: 'Revoked later',
        expiresInDays: 2,
      });
      const summary = (token: string) =>
        instances.second.inject({ url: '/api/stats/summary', headers: bearer(token) });
      expect((await summary(kept.token)).statusCode).toBe(200);
      expect((await summary(revokedLater.token)).statusCode).toBe(200);

      const revoked = await instances.first.inject({
        method: 'DELETE',
        url: `/api/tokens/${revokedLater.id}`,
        headers: clerk.session,
      });
      expect(revoked.statusCode).toBe(200);
      expect((await summary(revokedLater.token)).json()).toMatchObject({ code: 'PERSONAL_TOKEN_REVOKED' });

      expect((await patchUser(instances.first, admin, clerk.user.id, { disabled: true })).statusCode).toBe(
        200,
      );
      const refused = await summary(kept.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    });
  },
);

describe('signing up after tokens exist (sqlite)', () => {
  it('gives a new account no tokens', async () => {
    const ctx = await createTestApp('sqlite');
    try {
      const first = await newClerk(ctx.app, 'First');
      await createToken(ctx.app, first);
      const later = await signUp(ctx.app);
      const listed = await ctx.app.inject({ url: '/api/tokens', headers: { cookie: later.cookie } });
      expect(listed.json()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

/**
 * The authorization matrix: every operation of the served OpenAPI document, sent as raw HTTP by an
 * anonymous visitor, a viewer, a supplier (on an item they supply and on another supplier's), a staff
 * member, an admin, a disabled account, and a viewer and a staff member authenticated by a personal
 * access token alone (no session), on every engine. What each may do is written down here,
 * from the role table of ../shared/DOMAIN.md, apart from the server's policy, so that a loosened (or
 * tightened) rule, an operation without an action, or one the document describes otherwise than the
 * server answers, fails this test.
 */
import { ACTIONS, type Action } from '@walton/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { listenOnLoopback, type RawAnswer, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Who = 'admin' | 'staff' | 'supplier' | 'viewer';
/** `any`: on every item; `own`: only on items the supplier supplies (their verified address). */
type May = 'any' | 'own';

/**
 * The role table (DOMAIN.md "Who may do what"), written out action by action. `anonymous: true`:
 * visitors may too (on public routes). A role not named may not.
 */
const EXPECTED: Record<Action, { anonymous?: true } & Partial<Record<Who, May>>> = {
  'site.public': { anonymous: true, admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
  'inventory.read': { anonymous: true, admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
  'item.create': { admin: 'any', staff: 'any', supplier: 'any' },
  'item.edit': { admin: 'any', staff: 'any', supplier: 'own' },
  'item.deliver': { admin: 'any', staff: 'any' },
  'item.restock': { admin: 'any', staff: 'any', supplier: 'own' },
  'item.delete': { admin: 'any', staff: 'any', supplier: 'own' },
  'item.restore': { admin: 'any', staff: 'any', supplier: 'own' },
  'item.transfer': { admin: 'any', staff: 'any' },
  'history.read': { admin: 'any', staff: 'any', supplier: 'own', viewer: 'any' },
  'history.revert': { admin: 'any', staff: 'any' },
  'threshold.set': { admin: 'any', staff: 'any', supplier: 'own' },
  'import.run': { admin: 'any', staff: 'any' },
  'export.run': { admin: 'any', staff: 'any', viewer: 'any' },
  'labels.print': { admin: 'any', staff: 'any', viewer: 'any' },
  'dashboard.read': { admin: 'any', staff: 'any', viewer: 'any' },
  'alerts.read': { admin: 'any', staff: 'any', viewer: 'any' },
  'events.read': { admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
  'users.manage': { admin: 'any' },
  'locations.manage': { admin: 'any', staff: 'any' },
  'categories.manage': { admin: 'any', staff: 'any' },
  'claim.manage': { admin: 'any', staff: 'any' },
  'receipt.create': { admin: 'any', staff: 'any', supplier: 'own' },
  'receipt.receive': { admin: 'any', staff: 'any' },
  'dispatch.create': { admin: 'any', staff: 'any' },
  'dispatch.pick': { admin: 'any', staff: 'any' },
  'dispatch.ship': { admin: 'any', staff: 'any' },
  'count.create': { admin: 'any', staff: 'any' },
  'count.scan': { admin: 'any', staff: 'any' },
  'count.apply': { admin: 'any', staff: 'any' },
  'account.read': { admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
  'account.token': { admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
  'settings.own': { admin: 'any', staff: 'any', supplier: 'any', viewer: 'any' },
};

/** Who sends a request of the matrix. */
type Actor =
  | 'anonymous'
  | 'viewer'
  | 'supplier on own item'
  | "supplier on another's item"
  | 'staff'
  | 'admin'
  | 'disabled'
  | 'viewer by token'
  | 'staff by token';
const ACTORS: Actor[] = [
  'anonymous',
  'viewer',
  'supplier on own item',
  "supplier on another's item",
  'staff',
  'admin',
  'disabled',
  'viewer by token',
  'staff by token',
];

type Outcome = 'allowed' | 'refused (403)' | 'sign in (401)' | 'session required (403)';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  security: unknown[];
  action: Action | undefined;
  roles: string[] | undefined;
  bodyActions: Record<string, { action: Action; roles: string[] }> | undefined;
  parameters: Array<{ name: string; in: string; required?: boolean }>;
  /** Only a signed-in session may call it, not a personal access token. */
  sessionOnly: boolean;
  requestBody?: { content: Record<string, { example?: unknown }> };
}

/** What the table says `actor` gets from an operation. */
function expected(operation: Operation, actor: Actor): Outcome {
  const action = operation.action;
  if (action === undefined) throw new Error(`${operation.operationId} has no x-action`);
  const isPublic = operation.security.length === 0;
  if (actor === 'anonymous' || actor === 'disabled') {
    if (!isPublic) return 'sign in (401)';
    return EXPECTED[action].anonymous ? 'allowed' : 'refused (403)';
  }
  const byToken = actor.endsWith(' by token');
  if (byToken && operation.sessionOnly) return 'session required (403)';
  const onOwnItem = actor !== "supplier on another's item";
  const role: Who = actor.startsWith('supplier') ? 'supplier' : (actor.split(' ')[0] as Who);
  const actions = [action, ...Object.values(operation.bodyActions ?? {}).map((extra) => extra.action)];
  const may = (needed: Action) => {
    const rule = EXPECTED[needed][role];
    return rule === 'any' || (rule === 'own' && (onOwnItem || !hasItem(operation)));
  };
  return actions.every(may) ? 'allowed' : 'refused (403)';
}

const hasItem = (operation: Operation) => operation.path.includes('{id}');

/** The outcome an answer shows: refused by the policy, asked to sign in, or let through. */
function outcomeOf(answer: RawAnswer): Outcome {
  if (answer.status === 401) return 'sign in (401)';
  if (answer.status === 403) {
    const body = JSON.parse(answer.body) as { code?: string };
    if (body.code === 'FORBIDDEN') return 'refused (403)';
    if (body.code === 'SESSION_REQUIRED') return 'session required (403)';
  }
  return 'allowed';
}

/** The roles the table lets perform `action` (on some items at least), in the document's order. */
function rolesOf(action: Action, isPublic: boolean): string[] {
  const rule = EXPECTED[action];
  return [
    ...(rule.anonymous && isPublic ? ['anonymous'] : []),
    ...(['admin', 'staff', 'supplier', 'viewer'] as const).filter((role) => rule[role] !== undefined),
  ];
}

for (const engine of TEST_ENGINES) {
  describe(`authorization matrix on ${engine}`, () => {
    let ctx: TestApp;
    let port: number;
    let operations: Operation[];
    const clerks = {} as Record<
      'admin' | 'staff' | 'viewer' | 'supplier' | 'otherSupplier' | 'disabled',
      Clerk
    >;
    const items = {} as Record<'own' | 'other', { id: string; entryId: string }>;
    /** A receipt of each supplier, of their own item: what `{id}` names on a receipt's path. */
    const receipts = {} as Record<'own' | 'other', string>;
    /** The personal access tokens of the actors that send one instead of a session. */
    const personalTokens = {} as Record<'viewer by token' | 'staff by token', string>;

    /** The verification link mailed to `email`, from the dev outbox (the test app runs on loopback). */
    async function verify(email: string): Promise<void> {
      const link = await vi.waitFor(async () => {
        const found = (await ctx.app.inject({ url: '/api/dev/outbox' }))
          .json<Array<{ to: string; links: string[] }>>()
          .find((mail) => mail.to === email)?.links[0];
        if (!found) throw new Error(`no mail to ${email} yet`);
        return new URL(found);
      });
      const answer = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
      expect(answer.statusCode).toBe(302);
    }

    async function setAccount(clerk: Clerk, change: { role?: Who; disabled?: boolean }): Promise<void> {
      const answer = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${clerk.user.id}`,
        headers: clerks.admin.session,
        payload: change,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }

    async function addItem(clerk: Clerk): Promise<{ id: string; entryId: string }> {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: clerk.withToken,
        payload: validProduct(clerk.email),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ _id: string }>()._id;
      const history = await ctx.app.inject({
        url: `/api/product/${id}/history`,
        headers: clerks.admin.session,
      });
      const [entry] = history.json<Array<{ id: string }>>();
      if (!entry) throw new Error('a new item has no history entry');
      return { id, entryId: entry.id };
    }

    beforeAll(async () => {
      ctx = await createTestApp(engine);
      port = await listenOnLoopback(ctx.app);
      // The first account ever created is admin; the others start as staff (DEFAULT_ROLE).
      clerks.admin = await newClerk(ctx.app, 'Admin');
      for (const name of ['staff', 'viewer', 'supplier', 'otherSupplier', 'disabled'] as const) {
        clerks[name] = await newClerk(ctx.app, name);
      }
      await verify(clerks.supplier.email);
      await verify(clerks.otherSupplier.email);
      await setAccount(clerks.viewer, { role: 'viewer' });
      await setAccount(clerks.supplier, { role: 'supplier' });
      await setAccount(clerks.otherSupplier, { role: 'supplier' });
      items.own = await addItem(clerks.supplier);
      items.other = await addItem(clerks.otherSupplier);
      for (const [whose, clerk] of [
        ['own', clerks.supplier],
        ['other', clerks.otherSupplier],
      ] as const) {
        const declared = await ctx.app.inject({
          method: 'POST',
          url: '/api/receipts',
          headers: clerk.session,
          payload: {
            supplier: clerk.email,
            locationId: DEFAULT_LOCATION_ID,
            lines: [{ productId: items[whose].id, expected: 2 }],
          },
        });
        expect(declared.statusCode, declared.body).toBe(201);
        receipts[whose] = declared.json<{ id: string }>().id;
      }
      await setAccount(clerks.disabled, { disabled: true });
      for (const [actor, clerk] of [
        ['viewer by token', clerks.viewer],
        ['staff by token', clerks.staff],
      ] as const) {
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: clerk.session,
          payload: { name: actor, expiresInDays: 1 },
        });
        expect(created.statusCode, created.body).toBe(201);
        personalTokens[actor] = created.json<{ token: string }>().token;
      }
      const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, Record<string, unknown>>>;
      }>();
      operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operationId: String(operation.operationId),
          security: (operation.security as unknown[] | undefined) ?? [],
          action: operation['x-action'] as Action | undefined,
          roles: operation['x-roles'] as string[] | undefined,
          bodyActions: operation['x-body-actions'] as Operation['bodyActions'],
          parameters: (operation.parameters as Operation['parameters'] | undefined) ?? [],
          sessionOnly: operation['x-session-only'] === true,
          ...(operation.requestBody
            ? { requestBody: operation.requestBody as Operation['requestBody'] }
            : {}),
        })),
      );
    });
    afterAll(async () => {
      await ctx?.close();
    });

    /** The raw request of `operation` sent by `actor`: its item, a history entry, a valid-looking body. */
    function send(operation: Operation, actor: Actor): Promise<RawAnswer> {
      const item = actor === "supplier on another's item" ? items.other : items.own;
      // On a receipt's path `{id}` is a receipt: the supplier's own, or another supplier's.
      const receipt = actor === "supplier on another's item" ? receipts.other : receipts.own;
      const id = operation.path.startsWith('/api/receipts/') ? receipt : item.id;
      const clerk = clerkOf(actor);
      const query = operation.parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => {
          if (parameter.name === 'location') return `location=${DEFAULT_LOCATION_ID}`;
          if (parameter.name !== 'email')
            throw new Error(`no value for ${operation.operationId}'s ${parameter.name}`);
          return `email=${encodeURIComponent(clerks.otherSupplier.email)}`;
        });
      const target =
        operation.path.replace('{id}', encodeURIComponent(id)).replace('{entryId}', item.entryId) +
        (query.length > 0 ? `?${query.join('&')}` : '');
      const credentials: Record<string, string> | undefined =
        actor === 'viewer by token' || actor === 'staff by token'
          ? { authorization: `Bearer ${personalTokens[actor]}` }
          : clerk && { cookie: clerk.cookie, authorization: `Bearer ${clerk.token}` };
      const headers: Record<string, string> = {
        ...credentials,
        ...(operation.parameters.some((parameter) => parameter.name === 'if-match')
          ? { 'if-match': '"1"' }
          : {}),
      };
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json'];
      if (json) {
        // The example's address is the sender's own (an access token, an item added as themselves).
        const example = (json.example ?? {}) as Record<string, unknown>;
        const body = clerk && 'email' in example ? { ...example, email: clerk.email } : example;
        return rawHttp(port, { method: operation.method, target, headers, json: body });
      }
      if (content['text/csv']) {
        // A file that checks and writes nothing: the header alone, checked without writing.
        return rawHttp(port, {
          method: operation.method,
          target: `${target}?dryRun=true`,
          headers: { ...headers, 'content-type': 'text/csv' },
          body: 'name,img,price,quentity,description\n',
        });
      }
      // The live feed never ends: its head is the answer.
      const untilHead = operation.operationId === 'streamChanges';
      return rawHttp(port, { method: operation.method, target, headers, untilHead });
    }

    function clerkOf(actor: Actor): Clerk | undefined {
      switch (actor) {
        case 'anonymous':
          return undefined;
        case 'supplier on own item':
        case "supplier on another's item":
          return clerks.supplier;
        case 'viewer by token':
          return clerks.viewer;
        case 'staff by token':
          return clerks.staff;
        default:
          return clerks[actor];
      }
    }

    it('documents an action of the contract and the roles the table lets perform it, for every operation', () => {
      expect(operations.length).toBeGreaterThan(25);
      const wrong = operations.flatMap((operation) => {
        const name = `${operation.method} ${operation.path}`;
        if (!operation.action || !(ACTIONS as readonly string[]).includes(operation.action)) {
          return [`${name}: no x-action of the contract (${operation.action})`];
        }
        const roles = rolesOf(operation.action, operation.security.length === 0);
        return JSON.stringify(operation.roles) === JSON.stringify(roles)
          ? []
          : [`${name}: x-roles ${JSON.stringify(operation.roles)}, the table says ${JSON.stringify(roles)}`];
      });
      expect(wrong).toEqual([]);
    });

    it('answers every operation × actor as the role table says, sent as raw HTTP', {
      timeout: 120_000,
    }, async () => {
      const differ: string[] = [];
      let cells = 0;
      for (const operation of operations) {
        for (const actor of ACTORS) {
          const answer = await send(operation, actor);
          cells += 1;
          const want = expected(operation, actor);
          const got = outcomeOf(answer);
          if (got !== want) {
            differ.push(
              `${operation.method} ${operation.path} as ${actor}: ${got} (${answer.status}), the table says ${want}`,
            );
          }
          if (got === 'refused (403)') {
            const body = JSON.parse(answer.body) as { action?: string; message?: string };
            const declared = [
              operation.action,
              ...Object.values(operation.bodyActions ?? {}).map((extra) => extra.action),
            ];
            if (!declared.includes(body.action as Action) || !body.message) {
              differ.push(
                `${operation.method} ${operation.path} as ${actor}: a refusal without its action (${answer.body})`,
              );
            }
          }
        }
      }
      expect(cells).toBe(operations.length * ACTORS.length);
      expect(differ).toEqual([]);
    });

    it("refuses a supplier's 100 attempts on another supplier's item and leaves its history and quantity as they were", async () => {
      const read = async () => {
        const item = await ctx.app.inject({
          url: `/api/product/${items.other.id}`,
          headers: clerks.admin.session,
        });
        const history = await ctx.app.inject({
          url: `/api/product/${items.other.id}/history`,
          headers: clerks.admin.session,
        });
        return { item: item.json<{ quentity: number; version: number }>(), history: history.body };
      };
      const before = await read();
      const id = encodeURIComponent(items.other.id);
      const attempt = fc.oneof(
        fc.record({ name: fc.string({ minLength: 1, maxLength: 40 }) }).map((json) => ({
          method: 'PATCH',
          target: `/api/product/${id}`,
          json,
          action: 'item.edit',
        })),
        fc.integer({ min: 0, max: 10_000 }).map((quentity) => ({
          method: 'PUT',
          target: `/api/products/${id}`,
          json: { newQuentity: quentity },
          action: 'item.restock',
        })),
        fc.constant({
          method: 'DELETE',
          target: `/api/product/${id}`,
          json: undefined,
          action: 'item.delete',
        }),
        fc.constant({
          method: 'POST',
          target: `/api/product/${id}/history/${items.other.entryId}/revert`,
          json: undefined,
          action: 'history.revert',
        }),
        fc.constant({
          method: 'GET',
          target: `/api/product/${id}/history`,
          json: undefined,
          action: 'history.read',
        }),
        fc.integer({ min: 0, max: 1000 }).map((threshold) => ({
          method: 'PATCH',
          target: `/api/product/${id}`,
          json: { lowStockThreshold: threshold },
          action: 'item.edit',
        })),
      );
      let attempts = 0;
      await fc.assert(
        fc.asyncProperty(
          attempt,
          fc.constantFrom('"1"', '*'),
          async ({ method, target, json, action }, ifMatch) => {
            attempts += 1;
            const answer = await rawHttp(port, {
              method,
              target,
              headers: {
                cookie: clerks.supplier.cookie,
                authorization: `Bearer ${clerks.supplier.token}`,
                'if-match': ifMatch,
              },
              ...(json === undefined ? {} : { json }),
            });
            expect(answer.status, answer.body).toBe(403);
            expect(JSON.parse(answer.body)).toMatchObject({ code: 'FORBIDDEN', action });
          },
        ),
        { numRuns: 100 },
      );
      expect(attempts).toBe(100);
      expect(await read()).toEqual(before);
    });
  });
}

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { imageUrlSchema, type Product, productSchema } from '@walton/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, cookieHeader, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('hostile-input');
afterAll(() => figures.flush());

/** Generated requests per route (quick) — the soak run tries many more. */
const RUNS_PER_ROUTE = scaled(25, 400);
const XSS_RUNS = scaled(15, 300);

/** Strings that have broken web apps before: markup, SQL, template and path tricks, odd Unicode. */
const NASTY = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(document.cookie)>",
  '</textarea><script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  'Robert"); DROP TABLE users;--',
  '1; select pg_sleep(5)',
  '%',
  '_',
  '\\',
  '"',
  "'",
  '`',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeff',
  '\u00a0',
  'ক্ষ্মী ওয়ালটন',
  '😀👍🏽🇧🇩',
  'Ｗａｌｔｏｎ',
  'z̷̢͔̈a̶l̴g̸o',
  '\r\nSet-Cookie: hacked=1',
  '%0d%0aSet-Cookie:%20hacked=1',
  '%00',
  '%ZZ',
  '𝕏'.repeat(300),
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 70_000 }).map((length) => 'x'.repeat(length)) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.constantFrom(...NASTY)).map(([a, b]) => a + b),
  },
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'email',
    'newQuentity',
    'quentity',
    'name',
    '$gt',
    '',
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value built from hostile strings, with pollution keys among the object keys. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.anything({
      key: hostileKey,
      values: [hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)],
      maxDepth: 3,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -1,
      0,
      1.5,
      1e21,
      -0,
      2 ** 53,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      null,
      [],
      {},
    ),
  },
);

/**
 * `?after=` cursors as a tamperer would make them: base64url of any JSON, or of the fields a real
 * cursor has with hostile values (every sort, order and list, keys of any type).
 */
const hostileCursor = fc
  .oneof(
    hostileJson,
    fc.record({
      sort: fc.oneof(fc.constantFrom('created', 'name', 'price', 'quantity'), hostileText),
      order: fc.constantFrom('asc', 'desc', 'up'),
      trash: fc.oneof(fc.boolean(), hostileJson),
      key: fc.oneof(
        hostileJson,
        fc
          .date({ min: new Date(-1e14), max: new Date(3e14) })
          .map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString())),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
      ),
      id: hostileText,
    }),
  )
  .map((payload) => Buffer.from(JSON.stringify(payload) ?? '', 'utf8').toString('base64url'));

/** JSON text nested `depth` levels deep, inside a field or as the whole body. */
const deepJson = fc
  .tuple(fc.integer({ min: 30, max: 30_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, wrapped]) => {
    const close = open === '[' ? ']' : '}';
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return wrapped ? `{"name":${nested}}` : nested;
  });

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Route pattern with `{name}` path parameters (the OpenAPI form). */
  path: string;
  query: string[];
  hasBody: boolean;
  /** A body that would pass validation, for generated bodies to start from. */
  template?: Record<string, unknown>;
}

/** Better Auth's endpoints are not in the OpenAPI document (hidden); these are the ones the SPA calls. */
const AUTH_OPERATIONS: Operation[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    query: [],
    hasBody: true,
    template: { email: 'a@example.com', password: 'password123' },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    query: [],
    hasBody: true,
    template: { name: 'A', email: 'a@example.com', password: 'Shelf 7 holds the blue inverters' },
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    query: [],
    hasBody: true,
    template: { email: 'a@example.com', redirectTo: '/reset-password' },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    query: ['token'],
    hasBody: true,
    template: { token: 'x', newPassword: 'Shelf 7 holds the blue inverters' },
  },
  {
    method: 'POST',
    path: '/api/auth/send-verification-email',
    query: [],
    hasBody: true,
    template: { email: 'a@example.com' },
  },
  { method: 'POST', path: '/api/auth/update-user', query: [], hasBody: true, template: { name: 'A' } },
  { method: 'GET', path: '/api/auth/verify-email', query: ['token', 'callbackURL'], hasBody: false },
  { method: 'GET', path: '/api/auth/reset-password/{token}', query: ['callbackURL'], hasBody: false },
  { method: 'GET', path: '/api/auth/get-session', query: [], hasBody: false },
];

/** Routes outside the API: the SPA's history fallback and unknown paths. */
const OTHER_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/{page}', query: ['token', 'q'], hasBody: false },
  { method: 'POST', path: '/api/{unknown}', query: [], hasBody: true },
  { method: 'GET', path: '/api/auth/{unknown}', query: ['callbackURL'], hasBody: false },
  { method: 'POST', path: '/api/auth/{unknown}', query: [], hasBody: true },
];

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>
  >;
}

function operationsOf(document: OpenApiDocument, email: string): Operation[] {
  const templates: Record<string, Record<string, unknown>> = {
    'POST /api/productOrder': validProduct(email),
    'POST /api/login': { email },
    'PUT /api/product/{id}': { newQuentity: 4 },
    'PUT /api/products/{id}': { newQuentity: 9 },
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const key = `${method.toUpperCase()} ${path}`;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: operation.requestBody !== undefined,
        ...(templates[key] ? { template: templates[key] } : {}),
      };
    }),
  );
}

type BodyKind = 'template-mutated' | 'any-json' | 'deep-json' | 'raw-text' | 'other-type' | 'none';

interface Generated {
  params: Record<string, string>;
  query: Array<[string, string]>;
  bodyKind: BodyKind;
  mutated: Array<[string, unknown]>;
  json: unknown;
  text: string;
  contentType: string;
  signedIn: boolean;
  headers: Record<string, string>;
}

function generated(idPool: string[]): fc.Arbitrary<Generated> {
  const header = fc.oneof(
    hostileText,
    fc.constantFrom('"1"', '*', 'W/"1"', '"99999999999"', 'Bearer', 'Bearer x.y.z'),
  );
  return fc.record({
    params: fc.dictionary(
      fc.constantFrom('id', 'token', 'page', 'unknown'),
      fc.oneof(fc.constantFrom(...idPool), hostileText),
    ),
    query: fc.array(
      fc.oneof(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('limit', 'offset', 'after', 'q', 'sort', 'order', 'deleted', 'email', 'token'),
            hostileKey,
          ),
          hostileText,
        ),
        fc.tuple(fc.constant('after'), hostileCursor),
      ),
      { maxLength: 5 },
    ),
    bodyKind: fc.constantFrom<BodyKind>(
      'template-mutated',
      'template-mutated',
      'any-json',
      'deep-json',
      'raw-text',
      'other-type',
      'none',
    ),
    mutated: fc.array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 3 }),
    json: hostileJson,
    text: fc.oneof(
      deepJson,
      hostileText,
      fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{',
        '{"a":1,}',
        '[1,2',
        'nul',
      ),
    ),
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
      '',
    ),
    signedIn: fc.boolean(),
    headers: fc.record(
      {
        'if-match': header,
        authorization: header,
        origin: fc.constantFrom(
          'http://localhost:3000',
          'null',
          'https://evil.example',
          'http://localhost:3000.evil.example',
        ),
        'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site'),
        accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'text/event-stream'),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'gzip;q=0,*;q=0'),
        cookie: fc.oneof(
          hostileText.map((text) => `better-auth.session_token=${encode(text)}`),
          fc.constant('a=b; a=c'),
        ),
      },
      { requiredKeys: [] },
    ),
  });
}

/** Percent-encoding that never throws (an unpaired surrogate becomes U+FFFD, as a browser would send it). */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

/** What an HTTP client can put in a header: Node refuses control characters and code points above U+00FF. */
const headerValue = (text: string) => (/^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : encode(text));

/** The request a generated case makes of an operation. */
function requestFor(operation: Operation, input: Generated, clerk: Clerk): InjectOptions {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(input.params[name] ?? 'x'));
  const search = new URLSearchParams(input.query);
  const url = search.size > 0 ? `${path}?${search}` : path;
  // The event stream would stay open under inject: it is only ever asked for without a session.
  const signedIn = input.signedIn && operation.path !== '/api/events';
  const headers: Record<string, string> = {
    'x-forwarded-for': testClientIp(),
    ...Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name, headerValue(value)])),
    ...(signedIn ? { cookie: clerk.cookie } : {}),
  };
  if (signedIn && !input.headers.authorization) headers.authorization = `${clerk.email} ${clerk.token}`;
  const options: InjectOptions = { method: operation.method, url, headers };
  if (!operation.hasBody && input.bodyKind !== 'raw-text') return options;
  switch (input.bodyKind) {
    case 'template-mutated': {
      const body: Record<string, unknown> = { ...operation.template };
      for (const [key, value] of input.mutated)
        Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      };
    }
    case 'any-json':
      return {
        ...options,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(input.json) ?? 'null',
      };
    case 'deep-json':
    case 'raw-text':
      return { ...options, headers: { ...headers, 'content-type': 'application/json' }, payload: input.text };
    case 'other-type':
      return { ...options, headers: { ...headers, 'content-type': input.contentType }, payload: input.text };
    case 'none':
      return options;
  }
}

/** The body as text, decompressed the way a browser would (answers over 1 KiB are compressed when asked). */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? 'identity');
  const decode: Record<string, (raw: Buffer) => Buffer> = {
    gzip: gunzipSync,
    br: brotliDecompressSync,
    deflate: inflateSync,
    identity: (raw) => raw,
  };
  const decoder = decode[encoding];
  if (!decoder) throw new Error(`unexpected content-encoding ${encoding}`);
  return decoder(response.rawPayload).toString('utf8');
}

/** Why an answer is not acceptable: a 5xx, or an error without a clear JSON body. */
function answerProblem(response: LightMyRequestResponse): string | undefined {
  const text = bodyText(response);
  if (response.statusCode >= 500) return `server error ${response.statusCode}: ${text.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `${response.statusCode} is not JSON (${response.headers['content-type']}): ${text.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${response.statusCode} body is not valid JSON: ${text.slice(0, 200)}`;
  }
  const { statusCode, error, message } = (body ?? {}) as Record<string, unknown>;
  if (
    statusCode !== response.statusCode ||
    typeof error !== 'string' ||
    typeof message !== 'string' ||
    !message.trim()
  ) {
    return `${response.statusCode} body lacks {statusCode, error, message}: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/** A multipart/form-data body as a broken client or an attacker would send it. */
interface HostileUpload {
  contentType: string;
  payload: Buffer;
}

const CSV_SNIPPET = 'name,img,price,quentity,description\r\nFuzzed,/images/a.svg,1,1,d\r\n';

const hostileUpload: fc.Arbitrary<HostileUpload> = fc
  .record({
    boundary: fc.oneof(
      fc.constantFrom('b0undary', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
      hostileText,
    ),
    declared: fc.constantFrom('same', 'missing', 'other', 'empty', 'quoted'),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('file', 'other', ''), hostileText),
        filename: fc.option(fc.oneof(fc.constant('a.csv'), hostileText)),
        partType: fc.constantFrom('text/csv', 'application/octet-stream', '', 'multipart/mixed'),
        content: fc.oneof(
          fc.constant(CSV_SNIPPET),
          hostileText,
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
        ),
      }),
      { maxLength: 3 },
    ),
    closed: fc.boolean(),
    lineEnd: fc.constantFrom('\r\n', '\n'),
    cut: fc.option(fc.nat()),
  })
  .map(({ boundary, declared, parts, closed, lineEnd, cut }) => {
    const header = {
      same: `multipart/form-data; boundary=${boundary}`,
      missing: 'multipart/form-data',
      other: 'multipart/form-data; boundary=not-the-one',
      empty: 'multipart/form-data; boundary=',
      quoted: `multipart/form-data; boundary="${boundary}"`,
    }[declared];
    const body =
      parts
        .map(
          (part) =>
            `--${boundary}${lineEnd}Content-Disposition: form-data; name="${part.name}"` +
            `${part.filename === null ? '' : `; filename="${part.filename}"`}${lineEnd}` +
            `${part.partType ? `Content-Type: ${part.partType}${lineEnd}` : ''}${lineEnd}${part.content}${lineEnd}`,
        )
        .join('') + (closed ? `--${boundary}--${lineEnd}` : '');
    const bytes = Buffer.from(body, 'utf8');
    return {
      contentType: headerValue(header),
      payload: cut === null ? bytes : bytes.subarray(0, cut % (bytes.length + 1)),
    };
  });

/** A `from` or `to` of the history export: real, impossible, out-of-range and malformed dates. */
const hostileDate = fc.oneof(
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc
    .tuple(
      fc.integer({ min: -1, max: 99_999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([year, month, day]) =>
      [String(year).padStart(4, '0'), String(month).padStart(2, '0'), String(day).padStart(2, '0')].join('-'),
    ),
  fc.constantFrom(
    '9999-12-31',
    '0000-01-01',
    '-000001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '2026-02-30',
    '2026-11-30T25:61:61Z',
    '2026-11-30T18:00:00+99:99',
  ),
  hostileText,
);

describe.each(TEST_ENGINES)('hostile input on %s', (engine) => {
  let ctx: TestApp;
  let clerk: Clerk;
  let operations: Operation[];
  let idPool: string[];

  beforeAll(async () => {
    // No write ceiling here: the point is to reach every validation rule, not to be told to slow down.
    ctx = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    clerk = await newClerk(ctx.app, 'Fuzz Clerk');
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    operations = [...operationsOf(document, clerk.email), ...AUTH_OPERATIONS, ...OTHER_OPERATIONS];
    const live = await addProduct(ctx.app, clerk, { quentity: 50 });
    const trashed = await addProduct(ctx.app, clerk, { quentity: 3 });
    await ctx.app.inject({ method: 'DELETE', url: `/api/product/${trashed._id}`, headers: clerk.session });
    idPool = [live._id, trashed._id, '00000000-0000-0000-0000-000000000000'];
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(
    'answers every generated request to every route with a 2xx or a clear 4xx JSON error, never a 5xx',
    async () => {
      const seen = new Map<string, Set<number>>();
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(generated(idPool), async (input) => {
            const request = requestFor(operation, input, clerk);
            figures.add('inputsTried');
            figures.add('requests');
            const response = await ctx.app.inject(request);
            const key = `${operation.method} ${operation.path}`;
            seen.set(key, (seen.get(key) ?? new Set()).add(response.statusCode));
            const problem = answerProblem(response);
            if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
      // Nothing leaked onto every object's prototype in this process.
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      console.log(
        `[hostile ${engine}] ${operations.length} routes: ${[...seen].map(([key, statuses]) => `${key} → ${[...statuses].sort().join('/')}`).join('; ')}`,
      );
    },
    scaled(300_000, 3_600_000),
  );

  it(
    'answers generated multipart imports and out-of-range history dates with a 2xx or a clear 4xx, never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileUpload, fc.boolean(), async (upload, dryRun) => {
          figures.add('inputsTried');
          figures.add('requests');
          const response = await ctx.app.inject({
            method: 'POST',
            url: `/api/import/products?dryRun=${dryRun}`,
            headers: {
              ...clerk.session,
              'x-forwarded-for': testClientIp(),
              'content-type': upload.contentType,
            },
            payload: upload.payload,
          });
          const problem = answerProblem(response);
          if (problem) throw new Error(`multipart ${upload.contentType}: ${problem}`);
        }),
        { numRuns: RUNS_PER_ROUTE * 4 },
      );
      await fc.assert(
        fc.asyncProperty(fc.option(hostileDate), fc.option(hostileDate), async (from, to) => {
          figures.add('inputsTried');
          figures.add('requests');
          const query = new URLSearchParams([
            ...(from === null ? [] : [['from', from]]),
            ...(to === null ? [] : [['to', to]]),
          ]);
          const response = await ctx.app.inject({
            url: `/api/export/history.csv?${query}`,
            headers: { ...clerk.session, 'x-forwarded-for': testClientIp() },
          });
          const problem = answerProblem(response);
          if (problem) throw new Error(`history ${query}: ${problem}`);
        }),
        { numRuns: RUNS_PER_ROUTE * 4 },
      );
    },
    scaled(120_000, 1_800_000),
  );

  it('stores nothing that breaks a page: every item still lists, reads and validates', async () => {
    for (const deleted of [false, true]) {
      const list = await ctx.app.inject({
        url: `/api/product?limit=500&deleted=${deleted}`,
        headers: clerk.session,
      });
      expect(list.statusCode).toBe(200);
      const items = list.json<unknown[]>();
      for (const item of items) {
        const product = productSchema.parse(item);
        expect(imageUrlSchema.safeParse(product.img).success, product.img).toBe(true);
      }
    }
  });

  it(
    'sends stored markup back byte for byte as JSON text, in every text field',
    async () => {
      const field = fc
        .oneof(
          fc.constantFrom(
            ...NASTY.filter((text) => text.trim() !== '' && text.isWellFormed() && !text.includes('\u0000')),
          ),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
        )
        .filter((text) => text.trim().length > 0 && text.trim().length <= 200);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            name: field,
            description: field,
            model: field,
            ram: field,
            hdd: field,
            display: field,
            prosesor: field,
          }),
          fc.constantFrom(...NASTY.filter((text) => text.isWellFormed() && !text.includes('\u0000'))),
          async (texts, inUrl) => {
            figures.add('inputsTried');
            figures.add('requests', 2);
            const img = `https://img.example.com/p.png?x=${inUrl}`;
            const created = await ctx.app.inject({
              method: 'POST',
              url: '/api/productOrder',
              headers: clerk.withToken,
              payload: validProduct(clerk.email, { ...texts, img }),
            });
            expect(created.statusCode, created.body).toBe(201);
            const read = await ctx.app.inject({ url: `/api/product/${created.json<{ _id: string }>()._id}` });
            expect(read.headers['content-type']).toMatch(/^application\/json/);
            expect(read.headers['x-content-type-options']).toBe('nosniff');
            const product = read.json<Product>();
            for (const [name, text] of Object.entries(texts)) {
              expect(product[name as keyof Product], name).toBe(text.trim());
            }
            expect(product.img).toBe(img.trim());
          },
        ),
        { numRuns: XSS_RUNS },
      );
    },
    scaled(120_000, 1_800_000),
  );

  it('keeps a markup display name as text, down to the supplier name of the items', async () => {
    const name = '<img src=x onerror="alert(document.cookie)"> & <b>Karim</b>';
    const email = `markup-${Date.now()}@example.com`;
    const signedUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name, email, password: 'a-long-password' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json<{ user: { name: string } }>().user.name).toBe(name);
    const cookie = cookieHeader(signedUp);
    const token = await accessTokenFor(ctx.app, cookie, email);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/productOrder',
      headers: { cookie, authorization: `${email} ${token}` },
      payload: validProduct(email),
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await ctx.app.inject({ url: `/api/product/${created.json<{ _id: string }>()._id}` });
    expect(read.json<Product>().suplerName).toBe(name);
  });

  it('refuses image URLs that would run script, whatever their case and padding', async () => {
    for (const img of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x.png',
      '/images/../../etc/passwd',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: clerk.withToken,
        payload: validProduct(clerk.email, { img }),
      });
      expect(response.statusCode, img).toBe(400);
      expect(answerProblem(response)).toBeUndefined();
    }
  });
});

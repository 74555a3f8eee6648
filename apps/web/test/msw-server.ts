import type { Role, SignedInUser } from '@walton/contract';
import { ACTIONS, roleMay, userSettingsUpdateSchema } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { locationFixture } from './features/product-fixtures.ts';

/** A signed-in user for tests; override any field. */
export function testUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return { id: 'user-1', name: 'Rahim Uddin', email: 'rahim@example.com', emailVerified: true, ...overrides };
}

/** Better Auth's get-session answer: the session and its user, or `null` when nobody is signed in. */
export function sessionHandler(user: SignedInUser | null) {
  return http.get('/api/auth/get-session', () => {
    if (!user) return HttpResponse.json(null);
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    return HttpResponse.json({
      session: {
        id: 'session-1',
        userId: user.id,
        token: 'session-token',
        expiresAt,
        createdAt: now,
        updatedAt: now,
      },
      user: { ...user, image: null, createdAt: now, updatedAt: now },
    });
  });
}

/**
 * GET /api/me of the signed-in user: `testUser()` (or `user`) with `role` and the actions the
 * contract's policy gives it (default: staff, who may do everything the spec lets a user do).
 */
export function meHandler(role: Role = 'staff', user: SignedInUser = testUser()) {
  return http.get('/api/me', () =>
    HttpResponse.json({
      email: user.email,
      name: user.name,
      role,
      actions: ACTIONS.filter((action) => roleMay(role, action)),
    }),
  );
}

/**
 * The API faked at the fetch boundary. Defaults: nobody signed in (a staff member when one is),
 * email+password only, an empty
 * catalogue (so any single product is unknown) and no serial-tracked units (so any serial is unknown). Tests add or replace handlers with `server.use(...)`;
 * they are reset after each test.
 */
export const server = setupServer(
  sessionHandler(null),
  meHandler(),
  http.get('/api/auth-methods', () => HttpResponse.json({ emailPassword: true, google: false })),
  http.post('/api/login', () => HttpResponse.json({ accessToken: 'test-access-token' })),
  http.get('/api/product', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
  http.get('/api/product/:id', ({ params }) =>
    HttpResponse.json(
      { statusCode: 404, error: 'Not Found', message: `No product with id ${String(params.id)}` },
      { status: 404 },
    ),
  ),
  http.get('/api/product/:id/movements', () => HttpResponse.json([])),
  // One location, the default one, and no item's levels known: no choice of where to ask about.
  http.get('/api/locations', () =>
    HttpResponse.json([
      { id: 'main', name: 'Main warehouse', kind: 'warehouse', address: '', active: true, isDefault: true },
    ]),
  ),
  http.get('/api/product/:id/stock', () => HttpResponse.json([])),
  // An item without history: its stock chart has no days to draw.
  http.get('/api/product/:id/stock-series', () => HttpResponse.json({ timeZone: 'Asia/Dhaka', points: [] })),
  http.get('/api/productOrder', () => HttpResponse.json([])),
  // No category yet: the item forms and the list show no category choice.
  http.get('/api/categories', () => HttpResponse.json([])),
  // One location, the default, holding none of any item.
  http.get('/api/locations', () => HttpResponse.json([locationFixture()])),
  http.get('/api/product/:id/stock', () => HttpResponse.json([])),
  // No unit has any serial: the scan page reads a code that is not a label as an item code.
  http.get('/api/units/:serial', ({ params }) =>
    HttpResponse.json(
      {
        statusCode: 404,
        error: 'Not Found',
        code: 'UNIT_NOT_FOUND',
        message: `No unit has the serial number ${String(params.serial)}`,
        params: { serial: String(params.serial) },
      },
      { status: 404 },
    ),
  ),
  // The Settings page lists the user's personal access tokens: none.
  http.get('/api/tokens', () => HttpResponse.json([])),
  // A signed-in page tells the server the user's language (app/layout/language-on-server.ts).
  http.put('/api/settings', async ({ request }) =>
    HttpResponse.json({ lowStockEmail: false, ...userSettingsUpdateSchema.parse(await request.json()) }),
  ),
);

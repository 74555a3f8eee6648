import { screen, waitFor } from '@testing-library/react';
import { type FieldChange, type Role, UNIT_CSV_COLUMNS } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../src/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../src/i18n/language.ts';
import { locationFixture, movementFixture, productFixture } from './features/product-fixtures.ts';
import { meHandler, server, testUser } from './msw-server.ts';
import { renderRoute } from './render-route.tsx';

/**
 * What may stay in Latin letters on a Bengali page: brand and model names, email addresses, web
 * addresses and paths a user types, and the names of the languages in the switcher (marked lang="en").
 * The blog's entries are authored content in both languages (spec section 1): their English halves
 * (lang="en") are skipped, their Bengali halves are checked below for being written in Bengali.
 */
const ALLOWED = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // email addresses
  /\bWalton\b/g, // the brand
  /\b[A-Z0-9]+(-[A-Z0-9]+)+\b/g, // model names such as WSI-KRYSTALINE-18F
  /\bhttp\(s\)/g, // the image field's hint names the scheme
  /\/images\//g, // and the folder
  /\b(QR|A4|HTTPS|localhost|CSV|UTF-8|MB)\b/g, // technical names Bengali writes as they are
  /\b(name|img|price|quentity|description|suplerName|email|location)\b/g, // the CSV file's column names
  new RegExp(`\\b(${UNIT_CSV_COLUMNS.join('|')}|in_stock)\\b`, 'g'), // the units file's columns, and the status it registers
  /\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+\b/g, // time zone names (Asia/Dhaka)
];

/** The text a person reads on the page (text nodes and the labels, alternatives and placeholders of elements). */
function readableTexts(root: Element): string[] {
  const texts: string[] = [];
  const walk = (element: Element) => {
    if (element.getAttribute('lang') === 'en' || element.hasAttribute('data-blog-half')) return;
    for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim())
        texts.push(child.textContent.trim());
      else if (child instanceof Element) walk(child);
    }
  };
  walk(root);
  return texts;
}

const englishIn = (texts: string[]): string[] =>
  texts.filter((text) =>
    /[A-Za-z]{2,}/.test(ALLOWED.reduce((rest, pattern) => rest.replace(pattern, ''), text)),
  );

const product = productFixture({
  name: 'Walton WSI-KRYSTALINE-18F',
  lowStockThreshold: 10,
  description: 'কপার কনডেন্সার ও ইকো মোডসহ স্প্লিট ইনভার্টার এসি।',
  suplerName: 'করিম ট্রেডার্স',
});

const historyEntry = (id: string, kind: 'created' | 'edited', changes: FieldChange[]) => ({
  id,
  productId: product._id,
  kind,
  version: 1,
  actor: 'karim@example.com',
  actorName: 'করিম',
  at: '2026-01-03T09:00:00.000Z',
  delta: kind === 'created' ? 7 : 0,
  quantityAfter: 7,
  moved: kind === 'created' ? 7 : 0,
  fromLocation: null,
  toLocation: kind === 'created' ? { id: 'l-main', name: 'মূল গুদাম' } : null,
  changes,
});
const DAY = {
  day: '2026-01-03',
  delivered: 2,
  restocked: 3,
  stockValue: '507500.00',
  unitsInStock: 7,
};
const HISTORY = [
  historyEntry('h-2', 'edited', [{ field: 'price', from: '70000', to: '72500' }]),
  historyEntry('h-1', 'created', []),
];

const ACCOUNT = {
  id: 'u-2',
  email: 'karim@example.com',
  name: 'করিম',
  role: 'supplier',
  disabled: false,
  emailVerified: true,
  createdAt: '2026-01-02T09:00:00.000Z',
  lastActiveAt: null,
};
const AUDIT_ENTRY = {
  id: 'a-1',
  at: '2026-01-03T09:00:00.000Z',
  actorEmail: 'rahim@example.com',
  subjectId: 'u-2',
  subjectEmail: 'karim@example.com',
  change: 'role',
  before: 'staff',
  after: 'supplier',
};

const LOCATIONS = [
  locationFixture({ name: 'মূল গুদাম', address: 'তেজগাঁও, ঢাকা' }),
  locationFixture({ id: 'l-2', name: 'মিরপুর শোরুম', kind: 'showroom', isDefault: false, active: false }),
];

const ROUTES: ReadonlyArray<{
  path: string;
  signedIn: boolean;
  /** The signed-in user's role (staff unless named). */
  role?: Role;
  ready: () => Promise<unknown>;
}> = [
  { path: '/bn/', signedIn: false, ready: () => screen.findByText('Walton WSI-KRYSTALINE-18F') },
  { path: '/bn/blog', signedIn: false, ready: () => screen.findByRole('heading', { level: 1, name: 'ব্লগ' }) },
  { path: '/manageItem', signedIn: true, ready: () => screen.findByRole('table') },
  { path: `/manageItem/${product._id}`, signedIn: true, ready: () => screen.findByText('রিস্টক') },
  { path: '/locations', signedIn: true, ready: () => screen.findByText('মিরপুর শোরুম') },
  {
    path: '/locations',
    signedIn: true,
    role: 'viewer',
    ready: () => screen.findByText('মিরপুর শোরুম'),
  },
  { path: '/addItem', signedIn: true, ready: () => screen.findByRole('button', { name: 'আইটেম যোগ করুন' }) },
  { path: '/myItem', signedIn: true, ready: () => screen.findByRole('table') },
  {
    path: '/login',
    signedIn: false,
    ready: () => screen.findByRole('button', { name: 'গুগল দিয়ে চালিয়ে যান' }),
  },
  { path: '/register', signedIn: false, ready: () => screen.findByRole('button', { name: 'রেজিস্টার' }) },
  {
    path: '/reset-password?token=t',
    signedIn: false,
    ready: () => screen.findByRole('button', { name: 'নতুন পাসওয়ার্ড সেভ করুন' }),
  },
  { path: '/reset-password', signedIn: false, ready: () => screen.findByText(/লিংকটি ভুল/) },
  { path: '/verify-email', signedIn: false, ready: () => screen.findByText('আপনার ইমেইল যাচাই হয়েছে। ধন্যবাদ!') },
  { path: '/verify-email?error=token_expired', signedIn: true, ready: () => screen.findByText(/মেয়াদ শেষ/) },
  {
    path: `/manageItem/${product._id}/edit`,
    signedIn: true,
    ready: () => screen.findByRole('button', { name: 'পরিবর্তন সেভ করুন' }),
  },
  { path: '/import', signedIn: true, ready: () => screen.findByLabelText('CSV ফাইল') },
  {
    path: '/dashboard',
    signedIn: true,
    ready: () => screen.findByRole('table', { name: 'লোকেশন অনুযায়ী স্টক' }),
  },
  { path: '/settings', signedIn: true, ready: () => screen.findByRole('switch') },
  { path: '/labels', signedIn: true, ready: () => screen.findByTestId('labels-summary') },
  {
    path: '/scan',
    signedIn: true,
    ready: () => screen.findByRole('heading', { name: 'লেবেল বা বারকোড স্ক্যান করুন' }),
  },
  { path: '/users', signedIn: true, role: 'admin', ready: () => screen.findByText('ভূমিকা কর্মী → সরবরাহকারী') },
  {
    path: '/users',
    signedIn: true,
    role: 'viewer',
    ready: () => screen.findByRole('heading', { name: 'এই পেজটি দেখার অনুমতি আপনার নেই' }),
  },
  {
    path: '/no/such/page',
    signedIn: false,
    ready: () => screen.findByRole('heading', { name: 'এই পেজটি খুঁজে পাওয়া যায়নি' }),
  },
];

describe('every route in Bengali', () => {
  beforeAll(() => activateLanguage('bn'));
  afterAll(() => activateLanguage('en'));

  it.each(ROUTES)(
    '$path has no English text besides names, emails and the blog English halves',
    async (route) => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
      server.use(
        http.get('/api/product', () => HttpResponse.json([product], { headers: { 'x-total-count': '1' } })),
        http.get('/api/product/:id', () => HttpResponse.json(product)),
        http.get('/api/product/:id/movements', () =>
          HttpResponse.json([movementFixture({ actor: 'karim@example.com', actorName: 'করিম' })]),
        ),
        http.get('/api/productOrder', () =>
          HttpResponse.json([product], { headers: { 'x-total-count': '1' } }),
        ),
        http.get('/api/product/:id/history', () => HttpResponse.json(HISTORY)),
        http.get('/api/locations', () => HttpResponse.json(LOCATIONS)),
        http.get('/api/product/:id/stock', () =>
          HttpResponse.json([{ locationId: 'l-main', locationName: 'মূল গুদাম', quantity: 7 }]),
        ),
        http.get('/api/settings', () => HttpResponse.json({ lowStockEmail: true })),
        meHandler(route.role),
        http.get('/api/users', () => HttpResponse.json([ACCOUNT])),
        http.get('/api/users/audit', () => HttpResponse.json([AUDIT_ENTRY])),
        http.get('/api/stats/summary', () =>
          HttpResponse.json({
            timeZone: 'Asia/Dhaka',
            today: '2026-01-03',
            liveItems: 1,
            unitsInStock: 7,
            stockValue: '507500.00',
            itemsAtOrBelowThreshold: 1,
            deliveredToday: 2,
            deliveredLast7Days: 5,
            restockedLast7Days: 3,
          }),
        ),
        http.get('/api/stats/daily', () =>
          HttpResponse.json({
            timeZone: 'Asia/Dhaka',
            days: [DAY],
            topDelivered: [{ id: product._id, name: product.name, delivered: 5 }],
          }),
        ),
        http.get('/api/stats/locations', () =>
          HttpResponse.json({
            locations: [
              { id: 'main', name: 'প্রধান গুদাম', kind: 'warehouse', units: 5, stockValue: '362500.00' },
              { id: 'l-1', name: 'মিরপুর শোরুম', kind: 'showroom', units: 2, stockValue: '145000.00' },
            ],
          }),
        ),
        http.get('/api/product/:id/stock-series', () =>
          HttpResponse.json({
            timeZone: 'Asia/Dhaka',
            points: [{ day: '2026-01-03', quantity: 7, delivered: 2, restocked: 3 }],
          }),
        ),
      );
      await renderRoute(route.path, { user: route.signedIn ? testUser({ name: 'রহিম উদ্দিন' }) : null });
      await route.ready();
      // The session is known and nothing is loading any more (the navbar's low-stock count and its
      // connection are statuses that stay).
      const staying = new Set(['low-stock-count', 'connection-status']);
      await waitFor(() =>
        expect(
          screen.queryAllByRole('status').filter((status) => !staying.has(status.dataset.testid ?? '')),
        ).toEqual([]),
      );
      expect(document.documentElement.lang).toBe('bn');
      expect(englishIn(readableTexts(document.body))).toEqual([]);
      expect(document.title).toMatch(/- ওয়ালটন ওয়্যারহাউস$/);
    },
  );

  it('shows each blog entry with its Bengali half first, written in Bengali (technical names aside)', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    await renderRoute('/bn/blog');
    await screen.findByRole('heading', { level: 1, name: 'ব্লগ' });
    const articles = document.querySelectorAll('article');
    expect(articles.length).toBe(4);
    for (const article of articles) {
      const [first, second] = article.querySelectorAll('[data-blog-half]');
      expect(first?.getAttribute('lang')).toBe('bn');
      expect(second?.getAttribute('lang')).toBe('en');
      const letters = (first?.textContent ?? '').replace(/[^\p{L}\p{M}]/gu, '');
      const bengali = letters.replace(/[^\u0980-\u09FF]/gu, '');
      expect(bengali.length / letters.length).toBeGreaterThan(0.8);
    }
  });
});

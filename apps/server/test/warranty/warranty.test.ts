import type { WarrantyAnswer } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARRANTY_CHECKS_PER_IP } from '../../src/warranty/routes.ts';
import { warrantyStatusOf } from '../../src/warranty/warranty-check.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ANSWER_KEYS = ['model', 'name', 'status', 'warrantyUntil'];
const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message: 'We could not find this serial number',
  code: 'WARRANTY_SERIAL_NOT_FOUND',
};

/** Every key and every text anywhere in a JSON value. */
function walk(
  value: unknown,
  keys: string[] = [],
  texts: string[] = [],
): { keys: string[]; texts: string[] } {
  if (typeof value === 'string') texts.push(value);
  else if (Array.isArray(value)) for (const item of value) walk(item, keys, texts);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      keys.push(key);
      walk(child, keys, texts);
    }
  }
  return { keys, texts };
}

describe('warrantyStatusOf', () => {
  it('is not_sold in stock or reserved, in_warranty to the last day included, expired after', () => {
    const today = '2026-11-28';
    expect(warrantyStatusOf({ status: 'in_stock', warrantyUntil: null }, today)).toBe('not_sold');
    expect(warrantyStatusOf({ status: 'reserved', warrantyUntil: null }, today)).toBe('not_sold');
    expect(warrantyStatusOf({ status: 'in_stock', warrantyUntil: '2027-01-01' }, today)).toBe('not_sold');
    expect(warrantyStatusOf({ status: 'scrapped', warrantyUntil: null }, today)).toBe('not_sold');
    expect(warrantyStatusOf({ status: 'dispatched', warrantyUntil: '2026-11-28' }, today)).toBe(
      'in_warranty',
    );
    expect(warrantyStatusOf({ status: 'returned', warrantyUntil: '2027-11-28' }, today)).toBe('in_warranty');
    expect(warrantyStatusOf({ status: 'dispatched', warrantyUntil: '2026-11-27' }, today)).toBe('expired');
    expect(warrantyStatusOf({ status: 'scrapped', warrantyUntil: '2025-01-01' }, today)).toBe('expired');
  });
});

/** The public warranty check on every engine, its units registered and dispatched through the API. */
describe.each(TEST_ENGINES)('GET /api/warranty/:serial (%s)', (engine) => {
  // Noon in Dhaka's evening: 18:00 on 28 November there; midnight comes at 18:00 UTC.
  let now = new Date('2026-11-28T12:00:00.000Z');
  let test: TestApp;
  let clerk: Clerk;
  let showroom: string;
  let counter = 0;
  const serial = (prefix: string) => {
    counter += 1;
    return `${prefix}-${engine}-${counter}`;
  };
  /** A client address of its own per test, so that the limit of one never reaches another. */
  let address = '';
  let addresses = 0;

  beforeAll(async () => {
    test = await createTestApp(engine, { TIME_ZONE: 'Asia/Dhaka' }, { clock: () => now });
    clerk = await newClerk(test.app);
    showroom = await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom');
  });
  afterAll(() => test?.close());

  const nextAddress = () => {
    addresses += 1;
    address = `192.0.2.${addresses}`;
  };
  /** An anonymous check, the serial written into the path as given. */
  const check = (path: string): Promise<LightMyRequestResponse> =>
    test.app.inject({ method: 'GET', url: `/api/warranty/${path}`, remoteAddress: address });
  const answerOf = async (path: string): Promise<WarrantyAnswer> => {
    const answer = await check(path);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<WarrantyAnswer>();
    expect(Object.keys(body).sort()).toEqual(ANSWER_KEYS);
    return body;
  };
  const staff = (method: 'POST', url: string, payload: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: clerk.session, payload });
  async function trackedItem(warrantyMonths: number) {
    return addProduct(test.app, clerk, {
      name: 'Walton WSI-INVERNA 1.5 Ton Inverter AC',
      model: 'WSI-INVERNA-18A',
      suplerName: 'Walton Hi-Tech Industries',
      quentity: 0,
      serialTracked: true,
      warrantyMonths,
    });
  }
  async function register(productId: string, units: Array<{ serial: string; pairedSerial?: string }>) {
    const answer = await staff('POST', `/api/product/${productId}/units`, { units, locationId: showroom });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  async function dispatch(serialNumber: string) {
    const answer = await staff('POST', `/api/units/${encodeURIComponent(serialNumber)}/dispatch`, {
      customer: { name: 'Karim Uddin', phone: '01711000000' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  it('answers the four fields, nothing personal, before and after the sale, by either serial in any case', async () => {
    nextAddress();
    const item = await trackedItem(24);
    const [indoor, outdoor] = [serial('In'), serial('Out')];
    await register(item._id, [{ serial: indoor, pairedSerial: outdoor }]);

    expect(await answerOf(indoor)).toEqual({
      model: 'WSI-INVERNA-18A',
      name: 'Walton WSI-INVERNA 1.5 Ton Inverter AC',
      status: 'not_sold',
      warrantyUntil: null,
    });

    await dispatch(outdoor.toUpperCase());
    const sold = {
      model: 'WSI-INVERNA-18A',
      name: 'Walton WSI-INVERNA 1.5 Ton Inverter AC',
      status: 'in_warranty',
      warrantyUntil: '2028-11-28',
    };
    const spellings = [
      indoor,
      outdoor,
      indoor.toLowerCase(),
      outdoor.toUpperCase(),
      encodeURIComponent(`  ${indoor.toUpperCase()}  `),
      // Trimmed as registering trims: a scanner's Enter at the end is no part of the serial.
      encodeURIComponent(`\t${outdoor}\n`),
    ];
    for (const spelling of spellings) {
      const answer = await check(spelling);
      expect(answer.statusCode, `${spelling}: ${answer.body}`).toBe(200);
      expect(answer.json(), spelling).toEqual(sold);
      // Nothing personal anywhere in it: the answer's keys are the four, every value a text or null,
      // and no text is the customer's, the supplier's, the location's, the price or an id.
      const { keys, texts } = walk(answer.json());
      expect(keys.sort()).toEqual(ANSWER_KEYS);
      for (const text of texts) {
        for (const secret of [
          'Karim Uddin',
          '01711000000',
          'Walton Hi-Tech Industries',
          clerk.email,
          'Mirpur showroom',
          showroom,
          item._id,
          String(item.price),
        ]) {
          expect(text).not.toContain(secret);
        }
      }
      expect(answer.headers['cache-control'] ?? '').not.toContain('public');
    }
  });

  it('says expired once the last day has passed in Dhaka, in warranty up to its last moment', async () => {
    nextAddress();
    const item = await trackedItem(0);
    const unit = serial('Short');
    await register(item._id, [{ serial: unit }]);
    await dispatch(unit);
    now = new Date('2026-11-28T17:59:59.999Z');
    expect(await answerOf(unit)).toMatchObject({ status: 'in_warranty', warrantyUntil: '2026-11-28' });
    now = new Date('2026-11-28T18:00:00.000Z');
    expect(await answerOf(unit)).toMatchObject({ status: 'expired', warrantyUntil: '2026-11-28' });
    now = new Date('2026-11-28T12:00:00.000Z');
  });

  it('answers any serial it does not find, malformed or not, with the one same 404', async () => {
    nextAddress();
    const item = await trackedItem(12);
    const known = serial('Known');
    await register(item._id, [{ serial: known }]);
    const unknown = [
      'NO-SUCH-UNIT',
      `${known}-2`,
      // Empty, blank, longer than a serial may be (up to the longest route parameter), control
      // characters within it (NUL among them), non-ASCII.
      '',
      '%20%20',
      'a'.repeat(65),
      'b'.repeat(100),
      `${known}%00`,
      '%00',
      `${known}%01`,
      `AB%0ACD`,
      'AB%7F',
      '%E0%A6%85%E0%A6%AC',
    ];
    const bodies = new Set<string>();
    for (const path of unknown) {
      const answer = await check(path);
      expect(answer.statusCode, `${path.slice(0, 30)}: ${answer.body}`).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
      bodies.add(answer.body);
    }
    expect([...bodies]).toHaveLength(1);
    // The known one, for contrast.
    expect((await check(known)).statusCode).toBe(200);
    // Longer than any route parameter: refused before any route, as everywhere in the API.
    expect((await check('b'.repeat(101))).statusCode).toBe(414);
  });

  it(`lets one address check ${WARRANTY_CHECKS_PER_IP.max} serials, then answers 429 with Retry-After (raw HTTP)`, async () => {
    const port = await listenOnLoopback(test.app);
    const { max } = WARRANTY_CHECKS_PER_IP;
    for (let n = 1; n <= max; n += 1) {
      const answer = await rawHttp(port, { method: 'GET', target: `/api/warranty/GUESS-${n}` });
      expect(answer.status, answer.body).toBe(404);
    }
    for (const target of ['/api/warranty/GUESS-0', '/api/warranty/', `/api/warranty/${'c'.repeat(90)}`]) {
      const refused = await rawHttp(port, { method: 'GET', target });
      expect(refused.status, refused.body).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(
        WARRANTY_CHECKS_PER_IP.windowSeconds,
      );
    }
    // Another address is not held back by it.
    nextAddress();
    expect((await check('GUESS-0')).statusCode).toBe(404);
  });
});

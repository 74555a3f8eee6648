import { type Product, productIdFromCode } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapText } from '../../src/products/label-svg.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://warehouse.example.com';

/** The text of every <text> element, unescaped the way an XML parser would. */
const textsOf = (svg: string): string[] =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, text = '']) =>
    text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&'),
  );

describe.each(TEST_ENGINES)('GET /api/product/:id/label.svg on %s', (engine) => {
  let ctx: TestApp;
  let clerk: Clerk;
  let product: Product;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { PUBLIC_URL });
    clerk = await newClerk(ctx.app, 'Label Clerk');
    product = await addProduct(ctx.app, clerk, {
      name: 'Walton Inverter AC 1.5 Ton',
      model: 'WSI-KRYSTALINE',
      price: 58_900.5,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const label = (id: string, headers: Record<string, string> = clerk.session) =>
    ctx.app.inject({ url: `/api/product/${encodeURIComponent(id)}/label.svg`, headers });

  it('draws the QR code and the name, model and price as an SVG image with a locked-down policy', async () => {
    const response = await label(product._id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Vector only: paths and text, no embedded picture.
    expect(response.body).not.toMatch(/<image|data:/);
    expect(response.body).toMatch(/<path fill="#000" d="(M\d+ \d+h\d+v1h-\d+z)+"\/>/);
    expect(textsOf(response.body)).toEqual([
      'Walton Inverter AC 1.5',
      'Ton',
      'WSI-KRYSTALINE',
      'BDT $58,900.5',
    ]);
    expect(response.body).toContain(`${PUBLIC_URL}/manageItem/${product._id}`);
  });

  it('writes the price in the language asked for (`?lang=bn`: Bengali digits and ৳), in a font family the labels page loads', async () => {
    const bengali = await ctx.app.inject({
      url: `/api/product/${encodeURIComponent(product._id)}/label.svg?lang=bn`,
      headers: clerk.session,
    });
    expect(bengali.statusCode).toBe(200);
    expect(textsOf(bengali.body)).toEqual(['Walton Inverter AC 1.5', 'Ton', 'WSI-KRYSTALINE', '৫৮,৯০০.৫০৳']);
    expect(bengali.body).toMatch(/font-family="[^"]*'Noto Sans Bengali'[^"]*"/);
    const english = await ctx.app.inject({
      url: `/api/product/${encodeURIComponent(product._id)}/label.svg?lang=en`,
      headers: clerk.session,
    });
    expect(textsOf(english.body).at(-1)).toBe('BDT $58,900.5');

    const unknown = await ctx.app.inject({
      url: `/api/product/${encodeURIComponent(product._id)}/label.svg?lang=fr`,
      headers: clerk.session,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('escapes what a supplier typed, so a name cannot add markup to the label', async () => {
    const hostile = await addProduct(ctx.app, clerk, {
      name: `<script>alert("x")</script> & 'more'\u0007`,
      model: '</text><image href="https://evil.example/x.png"/>',
    });
    const response = await label(hostile._id);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('<image');
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)');
    // A control character is not allowed in XML at all: it is left out rather than break the image.
    expect(response.body).not.toContain('\u0007');
    expect(textsOf(response.body).join(' ')).toContain(`<script>alert("x")</script> & 'more'`.slice(0, 20));
  });

  it('squeezes a line that may be too wide for the label into its width, and leaves short ones alone', async () => {
    const wide = await addProduct(ctx.app, clerk, {
      name: 'WWWWWWWWWWWWWWWWWWWWWWWW',
      model: 'WSI-KRYSTALINE-12F-WIDE',
    });
    const lines = [...(await label(wide._id)).body.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(
      ([, attributes = '', text]) => ({
        text,
        squeezed: /textLength="224" lengthAdjust="spacingAndGlyphs"/.test(attributes),
      }),
    );
    expect(lines).toEqual([
      { text: 'WWWWWWWWWWWWWWWWWWWWWWWW', squeezed: true },
      { text: 'WSI-KRYSTALINE-12F-WIDE', squeezed: true },
      { text: 'BDT $58,900.5', squeezed: false },
    ]);
  });

  it('cuts a long name to two lines ending with an ellipsis', async () => {
    const long = await addProduct(ctx.app, clerk, {
      name: 'Walton Super Saver Ultra Quiet Dual Inverter Split Air Conditioner 2.5 Ton Gold Edition',
    });
    const [first = '', second = ''] = textsOf((await label(long._id)).body);
    expect(first).toBe('Walton Super Saver Ultra');
    expect(second).toMatch(/…$/);
    expect(Array.from(second).length).toBeLessThanOrEqual(24);
  });

  it('answers 404 JSON for unknown and deleted items, and 401 without a session', async () => {
    const unknown = await label('no-such-item');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.json()).toMatchObject({
      statusCode: 404,
      message: 'This product does not exist or was deleted',
    });

    const gone = await addProduct(ctx.app, clerk);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/product/${gone._id}`,
      headers: clerk.session,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await label(gone._id)).statusCode).toBe(404);

    const anonymous = await label(product._id, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('<svg');
  });

  it('is in the OpenAPI document as an SVG image', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    }>();
    const responses = document.paths['/api/product/{id}/label.svg']?.get?.responses;
    expect(Object.keys(responses?.['200']?.content ?? {})).toEqual(['image/svg+xml']);
    expect(Object.keys(responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});

describe('wrapText', () => {
  it('breaks at spaces, cuts words longer than a line and marks cut text with an ellipsis', () => {
    expect(wrapText('  one two  three ', 7, 3)).toEqual(['one two', 'three']);
    expect(wrapText('abcdefghij', 4, 5)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('one two three four', 7, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('aaaaaaa bbbbbbb ccc', 7, 2)).toEqual(['aaaaaaa', 'bbbbbb…']);
    expect(wrapText('', 7, 2)).toEqual([]);
    // Characters, not UTF-16 units: an emoji or a Bengali letter is never split in half.
    expect(wrapText('😀😀😀😀😀', 4, 1)).toEqual(['😀😀😀…']);
  });
});

describe('productIdFromCode (what the scan page accepts)', () => {
  const origin = 'https://warehouse.example.com';

  it('reads the id from the address a label holds, from the bare path and from a bare id', () => {
    expect(productIdFromCode(`${origin}/manageItem/0aa65e23-8473-4cf8-bad5-945cde6e9899`, origin)).toBe(
      '0aa65e23-8473-4cf8-bad5-945cde6e9899',
    );
    expect(productIdFromCode(`  ${origin}/manageItem/a%20b?from=label#top `, origin)).toBe('a b');
    expect(productIdFromCode('/manageItem/p-1', origin)).toBe('p-1');
    expect(productIdFromCode('p-1', origin)).toBe('p-1');
  });

  it('refuses codes that are not ours: other origins, other pages, text, broken escapes', () => {
    for (const code of [
      'https://elsewhere.example/manageItem/p-1',
      'http://warehouse.example.com/manageItem/p-1',
      `${origin}/blog`,
      `${origin}/manageItem/`,
      `${origin}/manageItem/p-1/extra`,
      `${origin}/manageItem/%E0%A4%A`,
      'WIFI:S:warehouse;T:WPA;P:secret;;',
      'two words',
      '',
    ]) {
      expect(productIdFromCode(code, origin), code).toBeNull();
    }
  });
});

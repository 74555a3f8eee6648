import { HOME_PRODUCT_COUNT, MONEY_BACK_DAYS } from '@walton/contract';
import { expect, test } from './support/fixtures.ts';

const BENGALI = /[\u0980-\u09FF]/;

test('landing: every section in the spec order, the first 6 products, Read More to the blog', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const sections = page.locator('main > section');
  await expect(sections.getByRole('link', { name: /^Update / })).toHaveCount(HOME_PRODUCT_COUNT);
  const texts = await sections.evaluateAll((elements) =>
    elements.map((element) => element.textContent ?? ''),
  );
  const indexOf = (what: string, test: (text: string) => boolean) => {
    const index = texts.findIndex(test);
    expect(index, `a landing section with ${what}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const order = [
    indexOf('the banner and Read More', (text) => text.includes('Read More')),
    indexOf('the inventory preview', (text) => text.includes('All Manage Item')),
    indexOf('WHAT CUSTOMER SAY', (text) => text.includes('WHAT CUSTOMER SAY')),
    indexOf('OUR WAREHOUSE', (text) => text.includes('OUR WAREHOUSE')),
    indexOf('the three delivery promises', (text) =>
      [
        /worldwide delivery/i,
        /free shipping/i,
        new RegExp(`${MONEY_BACK_DAYS}[ -]day money[ -]back guarantee`, 'i'),
      ].every((promise) => promise.test(text)),
    ),
    indexOf('the coming-soon banner', (text) => /coming soon/i.test(text)),
  ];
  expect(order, 'sections in the order of the spec').toEqual([...order].sort((a, b) => a - b));
  expect(new Set(order).size, 'each in a section of its own').toBe(order.length);

  // Product cards: picture, name, 'BDT $' price, description, Update.
  const firstCard = sections
    .nth(order[1] ?? 1)
    .locator('.card')
    .first();
  await expect(firstCard.getByRole('img')).toBeVisible();
  await expect(firstCard.getByRole('heading')).toBeVisible();
  await expect(firstCard.getByText(/^BDT \$[\d,.]+$/)).toBeVisible();
  await expect(firstCard.getByRole('link', { name: /^Update / })).toHaveAttribute(
    'href',
    /^\/manageItem\/[\w-]+$/,
  );
  await expect(page.getByRole('link', { name: 'All Manage Item' })).toHaveAttribute('href', '/manageItem');

  const warehouse = page.getByRole('region', { name: 'OUR WAREHOUSE' }).getByRole('img');
  await warehouse.scrollIntoViewIfNeeded();
  await expect(warehouse).toHaveAttribute('alt', /\w/);
  await expect
    .poll(() => warehouse.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await page.getByRole('link', { name: 'Read More' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/blog');
  await expect(page).toHaveTitle('Blog- Walton Warehouse');
});

test('landing: WHAT CUSTOMER SAY opens its first topic, then one topic at a time; eco mode costs 2.88 taka per hour', async ({
  page,
}) => {
  await page.goto('/');
  const accordion = page.getByRole('region', { name: 'WHAT CUSTOMER SAY' });
  const topics = accordion.getByRole('button');
  await expect(topics).toHaveCount(5);
  const titles = (await topics.allTextContents()).join(' | ');
  for (const topic of [/why buy from us/i, /budget/i, /smart technology/i, /energy saving/i, /inverter/i]) {
    expect(titles, `a topic about ${topic.source}`).toMatch(topic);
  }
  const expanded = () => topics.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')));
  await expect.poll(expanded).toEqual(['true', 'false', 'false', 'false', 'false']);

  const energy = topics.filter({ hasText: /energy saving/i });
  await energy.click();
  await expect.poll(expanded).toEqual(['false', 'false', 'false', 'true', 'false']);
  await expect(accordion.getByText(/2\.88 taka per hour/)).toBeVisible();
  await expect(accordion.getByText(/eco mode/)).toBeVisible();

  // Keyboard works too: focus the last topic and press Enter.
  await topics.last().focus();
  await page.keyboard.press('Enter');
  await expect.poll(expanded).toEqual(['false', 'false', 'false', 'false', 'true']);
  await expect(accordion.getByText(/2\.88 taka per hour/)).toBeHidden();
});

test('blog: the four questions, each answered in English and in Bengali, in a Bengali font we serve', async ({
  page,
}) => {
  await page.goto('/blog');
  await expect(page).toHaveTitle('Blog- Walton Warehouse');
  const entries = page.locator('main article');
  await expect(entries).toHaveCount(4);
  const topics = [[/JavaScript/, /Node/], [/Node/, /document database/i], [/SQL/, /NoSQL/], [/JWT/]];
  for (const [index, keywords] of topics.entries()) {
    const entry = entries.nth(index);
    const english = entry.locator('[lang="en"]');
    const bengali = entry.locator('[lang="bn"]');
    for (const keyword of keywords) await expect(english.getByRole('heading')).toContainText(keyword);
    await expect(english.locator('p').first()).toHaveText(/\w{3,}/);
    await expect(bengali.getByRole('heading')).toHaveText(BENGALI);
    await expect(bengali.locator('p').first()).toHaveText(BENGALI);
  }
  // The Bengali text is drawn with a Bengali font we serve ourselves, not whatever the system has.
  const bengaliFonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((font) => /bengali/i.test(font.family) && font.status === 'loaded')
      .map((font) => font.family);
  });
  expect(bengaliFonts.length, 'a loaded Bengali font face').toBeGreaterThan(0);
  // Polled: while the prerendered page hydrates, the paragraph can be replaced between finding it
  // and reading its style (an empty family from a detached node).
  const family = () =>
    entries
      .first()
      .locator('[lang="bn"] p')
      .first()
      .evaluate((p) => getComputedStyle(p).fontFamily);
  await expect
    .poll(family, { message: 'the Bengali answer uses it' })
    .toContain(bengaliFonts[0] ?? 'Bengali');
});

test('footer on the landing page: customer service, information, about us, contact and the opening hours', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const heading of [/customer service/i, /information/i, /about us/i, /contact/i]) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(footer).toContainText('8.00AM - 21.00AM');
});

for (const width of [375, 1280]) {
  test(`an unknown path answers 404 and shows the not-found image, at ${width} px`, async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 404 \(Not Found\) @ \S+\/no\/such\/page$/);
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    const image = page.getByRole('main').getByRole('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('alt', /not found/i);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // A route of the app still answers 200, and a link from the not-found page works as before.
    expect((await page.goto('/login'))?.status()).toBe(200);
  });
}

test('in Bengali, an unknown path answers 404 with the not-found page in Bengali', async ({
  page,
  problems,
}) => {
  problems.allow(/status of 404 \(Not Found\) @ \S+\/bn\/no-such-page$/);
  await page.goto('/bn/');
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  const response = await page.goto('/bn/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('main').getByRole('img')).toHaveAttribute('alt', /^পেজ পাওয়া যায়নি/);
});

test('navbar: sticky, collapsed behind a toggle below 992 px, open from 992 px, with the Login link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 991, height: 800 });
  // The prerendered page paints before its scripts run; the toggle works once the app has hydrated,
  // which the session request the hydrated app makes marks.
  const hydrated = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/get-session',
  );
  await page.goto('/');
  await hydrated;
  const nav = page.getByRole('navigation');
  const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
  const login = nav.getByRole('link', { name: 'Login' });
  await expect(toggle).toBeVisible();
  await expect(login).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  for (const name of ['Manage Items', 'Add Item', 'My items', 'Blog', 'Login']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }

  await page.setViewportSize({ width: 992, height: 800 });
  await expect(toggle).toBeHidden();
  for (const name of ['Manage Items', 'Add Item', 'My items', 'Blog', 'Login']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');

  // Sticky: still at the top of the window after scrolling down.
  await page.mouse.wheel(0, 2_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect((await nav.boundingBox())?.y).toBe(0);

  await login.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page).toHaveTitle('Login- Walton Warehouse');
});

test('/, /blog and /login never move once painted: no layout shift while they load, on a phone and a desktop', async ({
  page,
}) => {
  const shifts: string[] = [];
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 823 });
    for (const path of ['/', '/blog', '/login']) {
      await page.goto(path);
      // Everything that arrives after the first paint has arrived: the session, the products, the form.
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Login', includeHidden: true }),
      ).toBeAttached();
      if (path === '/')
        await expect(page.getByRole('link', { name: /^Update / })).toHaveCount(HOME_PRODUCT_COUNT);
      if (path === '/login')
        await expect(page.getByRole('button', { name: 'Continue With google' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const found = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const entries: string[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<
                PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
              >) {
                const nodes = (entry.sources ?? []).map(
                  (source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?',
                );
                entries.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
              }
            }).observe({ type: 'layout-shift', buffered: true });
            // Buffered entries are delivered in the observer's first callback, right after observing.
            setTimeout(() => resolve(entries), 200);
          }),
      );
      shifts.push(...found.map((shift) => `${path} at ${width} px: ${shift}`));
    }
  }
  expect(shifts).toEqual([]);
});

test("the app runs React's production build, though the suite builds it from a shell with NODE_ENV=development", async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // React's development build gives every fiber debugging fields (`_debugOwner`); the production build has none.
  const development = await page.evaluate(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    const key = Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    if (!key) throw new Error('React has not rendered into #root');
    const fiber: unknown = Reflect.get(root, key);
    return typeof fiber === 'object' && fiber !== null && '_debugOwner' in fiber;
  });
  expect(development, 'React runs its development build').toBe(false);
});

test('public pages: description, canonical URL and Open Graph card in the prerendered HTML; robots.txt', async ({
  request,
}) => {
  for (const path of ['/', '/blog', '/warranty']) {
    const html = await (await request.get(path)).text();
    const content = (pattern: RegExp) => pattern.exec(html)?.[1];
    expect(content(/<meta name="description" content="([^"]{50,})"/), `${path} description`).toBeTruthy();
    const canonical = content(/<link rel="canonical" href="([^"]+)"/);
    expect(canonical && new URL(canonical).pathname, `${path} canonical`).toBe(path);
    expect(content(/<meta property="og:title" content="([^"]+)"/), `${path} og:title`).toMatch(
      /- Walton Warehouse$/,
    );
    expect(
      content(/<meta property="og:description" content="([^"]+)"/),
      `${path} og:description`,
    ).toBeTruthy();
    const image = content(/<meta property="og:image" content="([^"]+)"/);
    expect(image, `${path} og:image`).toMatch(/^https?:\/\//);
    const picture = await request.get(new URL(image ?? '', 'http://x').pathname);
    expect(picture.headers()['content-type'], `${path} og:image is served`).toMatch(/^image\/jpeg/);
  }
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
});

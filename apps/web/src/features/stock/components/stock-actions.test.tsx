import { errorBody, productFixture } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { Location, LocationStock, Product } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKPLACE_STORAGE_KEY } from '@/entities/locations/workplace.ts';
import { activateLanguage } from '@/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language.ts';

const location = (id: string, name: string, overrides: Partial<Location> = {}): Location => ({
  id,
  name,
  kind: 'warehouse',
  address: '',
  active: true,
  isDefault: false,
  ...overrides,
});

const MAIN = location('main', 'Main warehouse', { isDefault: true });
const SHOWROOM = location('showroom', 'Mirpur showroom', { kind: 'showroom' });
const QUARANTINE = location('damaged', 'Damaged goods', { kind: 'quarantine' });

const LOCATION_REQUIRED =
  'This item has stock at several locations and none at Main warehouse: say which location it leaves from';

const level = (where: Location, quantity: number): LocationStock => ({
  locationId: where.id,
  locationName: where.name,
  quantity,
});

/**
 * The item on the server with its levels at the given locations; GET answers with both, every
 * stock PUT is recorded (its body) and accepted as the server would (the new total, the next version).
 */
function itemAt(locations: Location[], levels: LocationStock[], overrides: Partial<Product> = {}) {
  const quentity = levels.reduce((sum, { quantity }) => sum + quantity, 0);
  let product = productFixture({ quentity, version: 3, ...overrides });
  const bodies: unknown[] = [];
  const accept = async (request: Request, success: string) => {
    const body = (await request.json()) as { newQuentity: number };
    bodies.push(body);
    product = { ...product, quentity: body.newQuentity, version: product.version + 1 };
    return HttpResponse.json({ success, quentity: product.quentity, version: product.version });
  };
  server.use(
    http.get('/api/product/:id', () => HttpResponse.json(product)),
    http.get('/api/product/:id/history', () => HttpResponse.json([])),
    http.get('/api/locations', () => HttpResponse.json(locations)),
    http.get('/api/product/:id/stock', () => HttpResponse.json(levels)),
    http.put('/api/product/:id', ({ request }) => accept(request, 'Product delivered')),
    http.put('/api/products/:id', ({ request }) => accept(request, 'Stock updated')),
  );
  /** Another clerk's change: the item as the server holds it now. */
  const set = (changed: Product) => {
    product = changed;
  };
  return { bodies, set };
}

const openDetail = () => renderRoute('/manageItem/p-1', { user: testUser() });

describe('Delivered on the detail page', () => {
  it('asks which location the unit leaves from when two for sale hold some, the default preselected', async () => {
    const server$ = itemAt(
      [MAIN, SHOWROOM, QUARANTINE],
      [level(MAIN, 4), level(SHOWROOM, 3), level(QUARANTINE, 2)],
    );
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivered' });
    const from = within(dialog).getByRole('combobox', {
      name: /Which location does this unit of .* leave from\?/,
    });
    expect(from).toHaveValue('main');
    // Quarantine's damaged goods are not for sale: not offered.
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main warehouse: 4 in stock', 'Mirpur showroom: 3 in stock']);
    expect(server$.bodies).toEqual([]);
    await user.selectOptions(from, 'showroom');
    await user.click(within(dialog).getByRole('button', { name: 'Deliver from there' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 8, locationId: 'showroom' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the spec’s request at once when one location for sale holds the item', async () => {
    const server$ = itemAt([MAIN, SHOWROOM, QUARANTINE], [level(SHOWROOM, 3), level(QUARANTINE, 2)]);
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 4 }]);
  });
  it('asks which location after the server refused for want of one (the levels changed meanwhile)', async () => {
    const server$ = itemAt([MAIN, SHOWROOM], [level(SHOWROOM, 3)], { quentity: 3 });
    const latest = productFixture({ quentity: 5, version: 4 });
    // Someone moved stock meanwhile: the page read the levels before, the server knows better.
    let levels = [level(SHOWROOM, 3)];
    server.use(
      http.get('/api/product/:id/stock', () => HttpResponse.json(levels)),
      http.put(
        '/api/product/:id',
        async ({ request }) => {
          server$.bodies.push(await request.json());
          levels = [level(SHOWROOM, 3), level(location('van', 'Van 7', { kind: 'vehicle' }), 2)];
          server$.set(latest);
          return HttpResponse.json(
            errorBody(409, 'Conflict', LOCATION_REQUIRED, {
              code: 'LOCATION_REQUIRED',
              params: { location: 'Main warehouse' },
              product: latest,
            }),
            { status: 409 },
          );
        },
        { once: true },
      ),
    );
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText(LOCATION_REQUIRED)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Delivered' });
    const from = within(dialog).getByRole('combobox');
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mirpur showroom: 3 in stock', 'Van 7: 2 in stock']);
    await user.selectOptions(from, 'van');
    await user.click(within(dialog).getByRole('button', { name: 'Deliver from there' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 2 }, { newQuentity: 4, locationId: 'van' }]);
  });
});

describe('Add Quentity on the detail page', () => {
  const addThree = async (user: Awaited<ReturnType<typeof openDetail>>['user']) => {
    await user.click(await screen.findByRole('button', { name: 'Add Quentity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quentity' });
    await user.type(within(dialog).getByRole('textbox'), '3');
    return dialog;
  };

  it('asks where the units arrive when more than one location is active, the default preselected', async () => {
    const inactive = location('old', 'Old depot', { active: false });
    const server$ = itemAt([MAIN, SHOWROOM, inactive], [level(MAIN, 7)]);
    const { user } = await openDetail();
    const dialog = await addThree(user);
    const to = within(dialog).getByRole('combobox', { name: 'Which location did they arrive at?' });
    expect(to).toHaveValue('main');
    expect(
      within(to)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main warehouse', 'Mirpur showroom']);
    await user.selectOptions(to, 'showroom');
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 10, locationId: 'showroom' }]);
  });

  it('sends the spec’s request when the clerk leaves the default location chosen', async () => {
    const server$ = itemAt([MAIN, SHOWROOM], [level(MAIN, 7)]);
    const { user } = await openDetail();
    const dialog = await addThree(user);
    expect(within(dialog).getByRole('combobox', { name: 'Which location did they arrive at?' })).toHaveValue(
      'main',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 10 }]);
  });

  it('asks nothing with one active location: the spec’s request', async () => {
    const server$ = itemAt([MAIN, location('old', 'Old depot', { active: false })], [level(MAIN, 7)]);
    const { user } = await openDetail();
    const dialog = await addThree(user);
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 10 }]);
  });
});

describe('the scan page’s "I work at"', () => {
  afterEach(() => localStorage.removeItem(WORKPLACE_STORAGE_KEY));

  it('is kept on the device, and the item view delivers and restocks there without asking', async () => {
    const server$ = itemAt([MAIN, SHOWROOM], [level(MAIN, 4), level(SHOWROOM, 3)]);
    const { user } = await renderRoute('/scan', { user: testUser() });
    const workAt = await screen.findByRole('combobox', { name: 'I work at' });
    expect(workAt).toHaveValue('');
    await user.selectOptions(workAt, 'showroom');
    expect(localStorage.getItem(WORKPLACE_STORAGE_KEY)).toBe('showroom');

    await user.type(screen.getByLabelText('Type or paste the code'), 'p-1');
    await user.click(screen.getByRole('button', { name: 'Open item' }));
    expect(await screen.findByText('At Mirpur showroom: 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Delivered' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Quentity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quentity' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('They are added at Mirpur showroom.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(server$.bodies).toEqual([
      { newQuentity: 6, locationId: 'showroom' },
      { newQuentity: 8, locationId: 'showroom' },
    ]);
  });

  it('is not offered with one active location, and a remembered one no longer active is no workplace', async () => {
    localStorage.setItem(WORKPLACE_STORAGE_KEY, 'old');
    const server$ = itemAt([MAIN, location('old', 'Old depot', { active: false })], [level(MAIN, 7)]);
    const { user } = await renderRoute('/scan', { user: testUser() });
    await user.type(await screen.findByLabelText('Type or paste the code'), 'p-1');
    expect(screen.queryByRole('combobox', { name: 'I work at' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open item' }));
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
    expect(server$.bodies).toEqual([{ newQuentity: 6 }]);
  });
});

describe('a refusal about a location, in Bengali', () => {
  afterEach(async () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    localStorage.removeItem(WORKPLACE_STORAGE_KEY);
    await activateLanguage('en');
  });

  it('says how many are at the workplace, with Bengali digits', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    localStorage.setItem(WORKPLACE_STORAGE_KEY, 'showroom');
    await activateLanguage('bn');
    itemAt([MAIN, SHOWROOM], [level(MAIN, 4)]);
    server.use(
      http.put('/api/product/:id', () =>
        HttpResponse.json(
          errorBody(409, 'Conflict', 'Only 0 of this item are at Mirpur showroom: not enough to take 1', {
            code: 'NOT_ENOUGH_AT_LOCATION',
            params: { available: 0, quantity: 1, location: 'Mirpur showroom' },
            product: productFixture({ quentity: 4, version: 3 }),
          }),
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderRoute('/scan', { user: testUser() });
    await user.type(await screen.findByLabelText('কোডটি লিখুন বা পেস্ট করুন'), 'p-1');
    await user.click(screen.getByRole('button', { name: 'আইটেম খুলুন' }));
    await user.click(await screen.findByRole('button', { name: 'ডেলিভারি দিন' }));
    expect(
      await screen.findByText('Mirpur showroom-এ এই আইটেমের মাত্র ০টি আছে: ১টি নেওয়ার মতো যথেষ্ট নয়'),
    ).toBeInTheDocument();
  });
});

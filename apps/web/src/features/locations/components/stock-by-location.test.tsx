import { errorBody, locationFixture, productFixture } from '@test/features/product-fixtures.ts';
import { meHandler, server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { LocationStock } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language.ts';
import { parseTransferQuantity } from './transfer-dialog.tsx';

const LOCATIONS = [
  locationFixture(),
  locationFixture({ id: 'l-show', name: 'Mirpur showroom', kind: 'showroom', isDefault: false }),
  locationFixture({ id: 'l-old', name: 'Old depot', isDefault: false, active: false }),
];

/** Item p-1 with 12 units, all at the main warehouse; each transfer's body is recorded and applied. */
function itemWithLevels(tracked = false) {
  const product = productFixture({ quentity: 12, serialTracked: tracked });
  let levels: LocationStock[] = [{ locationId: 'l-main', locationName: 'Main warehouse', quantity: 12 }];
  const transfers: unknown[] = [];
  server.use(
    http.get('/api/product/:id', () => HttpResponse.json(product)),
    http.get('/api/product/:id/history', () => HttpResponse.json([])),
    http.get('/api/locations', () => HttpResponse.json(LOCATIONS)),
    http.get('/api/product/:id/stock', () => HttpResponse.json(levels)),
    http.post('/api/product/:id/transfers', async ({ request }) => {
      const body = (await request.json()) as { quantity: number };
      transfers.push(body);
      levels = [
        { locationId: 'l-main', locationName: 'Main warehouse', quantity: 12 - body.quantity },
        { locationId: 'l-show', locationName: 'Mirpur showroom', quantity: body.quantity },
      ];
      return HttpResponse.json({ success: 'Stock moved', quentity: 12, version: 4, levels });
    }),
  );
  return { transfers };
}

/** Three of the tracked item's units in stock at the main warehouse, as GET /units lists them. */
function unitsAtMain() {
  const asked: string[] = [];
  const unit = (serial: string) => ({
    serial,
    pairedSerial: null,
    productId: 'p-1',
    location: { id: 'l-main', name: 'Main warehouse' },
    status: 'in_stock',
    receivedAt: '2026-11-20T10:00:00.000Z',
    dispatchedAt: null,
    warrantyUntil: null,
  });
  server.use(
    http.get('/api/product/:id/units', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json([unit('WSN-1'), unit('WSN-2'), unit('WSN-3')], {
        headers: { 'x-total-count': '3' },
      });
    }),
  );
  return asked;
}

const levelsRegion = () => within(screen.getByRole('region', { name: 'Stock by location' }));

describe('stock by location on the item page', () => {
  afterEach(() => activateLanguage('en'));

  it('reads a quantity as a whole number from 1 to what the location holds, Bengali digits too', () => {
    expect(parseTransferQuantity('5', 12)).toBe(5);
    expect(parseTransferQuantity('৫', 12)).toBe(5);
    expect(parseTransferQuantity('12', 12)).toBe(12);
    for (const refused of ['', '0', '13', '2.5', '-1', 'five']) {
      expect(parseTransferQuantity(refused, 12), refused).toBeUndefined();
    }
  });

  it('a tracked item moves the units ticked among those in stock where they leave, naming them', async () => {
    const { transfers } = itemWithLevels(true);
    const asked = unitsAtMain();
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await screen.findByRole('rowheader', { name: 'Main warehouse' });
    await user.click(levelsRegion().getByRole('button', { name: 'Transfer' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByLabelText('Quantity')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Move stock' }));
    expect(await dialog.findByText('Tick the units to move.')).toBeInTheDocument();
    expect(transfers).toEqual([]);

    await user.click(await dialog.findByRole('checkbox', { name: 'WSN-3' }));
    await user.click(dialog.getByRole('checkbox', { name: 'WSN-1' }));
    await user.click(dialog.getByRole('button', { name: 'Move stock' }));
    expect(await screen.findByText('Stock moved')).toBeInTheDocument();
    expect(transfers).toEqual([{ from: 'l-main', to: 'l-show', quantity: 2, serials: ['WSN-3', 'WSN-1'] }]);
    expect(asked).toContainEqual(expect.stringContaining('status=in_stock'));
    expect(asked).toContainEqual(expect.stringContaining('location=l-main'));
  });

  it('lists the levels, and moves units to another active location, the levels following', async () => {
    const { transfers } = itemWithLevels();
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    const main = await screen.findByRole('rowheader', { name: 'Main warehouse' });
    expect(main.closest('tr')).toHaveTextContent('12');

    await user.click(levelsRegion().getByRole('button', { name: 'Transfer' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Main warehouse holds 12.')).toBeInTheDocument();
    // Only the other active locations are destinations.
    expect(
      within(dialog.getByLabelText('To'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mirpur showroom']);
    await user.type(dialog.getByLabelText('Quantity'), '13');
    await user.click(dialog.getByRole('button', { name: 'Move stock' }));
    expect(await dialog.findByText('Enter a whole number from 1 to 12.')).toBeInTheDocument();
    expect(transfers).toEqual([]);

    await user.clear(dialog.getByLabelText('Quantity'));
    await user.type(dialog.getByLabelText('Quantity'), '5');
    await user.click(dialog.getByRole('button', { name: 'Move stock' }));
    expect(await screen.findByText('Stock moved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(transfers).toEqual([{ from: 'l-main', to: 'l-show', quantity: 5 }]);
    expect(
      (await levelsRegion().findByRole('rowheader', { name: 'Mirpur showroom' })).closest('tr'),
    ).toHaveTextContent('5');
    expect(levelsRegion().getByRole('rowheader', { name: 'Main warehouse' }).closest('tr')).toHaveTextContent(
      '7',
    );
  });

  it("says the server's refusal in the dialog, in Bengali", async () => {
    itemWithLevels();
    server.use(
      http.post('/api/product/:id/transfers', () =>
        HttpResponse.json(
          {
            ...errorBody(409, 'Conflict', 'Only 2 of this item are at Main warehouse: not enough to take 5'),
            code: 'NOT_ENOUGH_AT_LOCATION',
            params: { location: 'Main warehouse', available: 2, quantity: 5 },
          },
          { status: 409 },
        ),
      ),
    );
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'স্থানান্তর' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('পরিমাণ'), '5');
    await user.click(dialog.getByRole('button', { name: 'স্টক সরান' }));
    expect(
      await dialog.findByText(
        'স্টক সরানো হয়নি: Main warehouse-এ এই আইটেমের মাত্র ২টি আছে: ৫টি নেওয়ার মতো যথেষ্ট নয়',
      ),
    ).toBeInTheDocument();
  });

  it('offers a viewer the levels without Transfer', async () => {
    itemWithLevels();
    server.use(meHandler('viewer'));
    await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await screen.findByRole('rowheader', { name: 'Main warehouse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });
});

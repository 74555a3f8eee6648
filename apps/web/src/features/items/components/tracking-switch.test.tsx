import { errorBody, productFixture } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

/** The item on the server, and what POST /tracking received (the item answered switched). */
function itemOnServer(initial: Product) {
  const state = { product: initial };
  const switches: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.get('/api/product/:id', () => HttpResponse.json(state.product)),
    http.post('/api/product/:id/tracking', async ({ request }) => {
      const body = (await request.json()) as { serialTracked: boolean };
      switches.push({ body, key: request.headers.get('idempotency-key') });
      state.product = {
        ...state.product,
        serialTracked: body.serialTracked,
        version: state.product.version + 1,
      };
      return HttpResponse.json(state.product);
    }),
  );
  return switches;
}

describe('"Serial tracked" on the Edit page', () => {
  it('switches an item with no stock on, and then off, each switch one request with its own key', async () => {
    const switches = itemOnServer(productFixture({ quentity: 0, serialTracked: false, warrantyMonths: 12 }));
    const { user } = await renderRoute('/manageItem/p-1/edit', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Track by serial number' }));
    expect(
      await screen.findByText(
        'Each unit of this item is known by its serial number; its warranty runs 12 months from dispatch.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop tracking by serial number' }));
    await waitFor(() => expect(switches).toHaveLength(2));
    expect(switches.map(({ body }) => body)).toEqual([{ serialTracked: true }, { serialTracked: false }]);
    expect(new Set(switches.map(({ key }) => key)).size).toBe(2);
    expect(await screen.findByRole('button', { name: 'Track by serial number' })).toBeInTheDocument();
  });

  it('does not offer the switch for an item with stock, and says its units must be registered first', async () => {
    const switches = itemOnServer(productFixture({ quentity: 7, serialTracked: false }));
    await renderRoute('/manageItem/p-1/edit', { user: testUser() });
    expect(
      await screen.findByText(
        'It has 7 in stock: to track it by serial number, the serial of each unit it holds must be registered first.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Track by serial number' })).not.toBeInTheDocument();
    expect(switches).toHaveLength(0);
  });

  it('edits the warranty months of a tracked item with the form, checked as when adding', async () => {
    itemOnServer(productFixture({ quentity: 0, serialTracked: true, warrantyMonths: 12 }));
    const edits: unknown[] = [];
    server.use(
      http.patch('/api/product/:id', async ({ request }) => {
        const edit = (await request.json()) as { warrantyMonths: number };
        edits.push(edit);
        return HttpResponse.json(productFixture({ quentity: 0, serialTracked: true, ...edit, version: 4 }));
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1/edit', { user: testUser() });
    const field = await screen.findByRole('textbox', { name: 'Warranty (months)' });
    expect(field).toHaveValue('12');
    await user.clear(field);
    await user.type(field, '121');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be a whole number of months from 0 to 120')).toBeInTheDocument();
    expect(edits).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '24');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(edits).toEqual([{ warrantyMonths: 24 }]));
  });

  it('does not ask the warranty of an item not tracked', async () => {
    itemOnServer(productFixture({ quentity: 0, serialTracked: false }));
    await renderRoute('/manageItem/p-1/edit', { user: testUser() });
    expect(await screen.findByRole('button', { name: 'Track by serial number' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Warranty (months)' })).not.toBeInTheDocument();
  });

  it('switches an item with stock on with the serial of each unit it holds, at its location; a taken serial is named', async () => {
    const switches = itemOnServer(productFixture({ quentity: 3, serialTracked: false, warrantyMonths: 12 }));
    server.use(
      http.get('/api/product/:id/stock', () =>
        HttpResponse.json([
          { locationId: 'main', locationName: 'Main warehouse', quantity: 2 },
          { locationId: 'mirpur', locationName: 'Mirpur showroom', quantity: 1 },
        ]),
      ),
    );
    const { user } = await renderRoute('/manageItem/p-1/edit', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Register its units and track' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('group', { name: 'Main warehouse: 2 in stock' })).toBeInTheDocument();
    const mirpur = within(dialog.getByRole('group', { name: 'Mirpur showroom: 1 in stock' }));
    expect(mirpur.getByLabelText('Serial 3')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();

    await user.type(dialog.getByLabelText('Serial 1'), 'WSN-1');
    await user.type(dialog.getByLabelText('Serial 3'), 'WSN-3');
    await user.click(dialog.getByRole('button', { name: 'Register 3 units and track' }));
    expect(dialog.getByLabelText('Serial 2')).toHaveAttribute('aria-invalid', 'true');
    expect(switches).toHaveLength(0);

    server.use(
      http.post('/api/product/:id/tracking', () =>
        HttpResponse.json(
          {
            ...errorBody(409, 'Conflict', 'These serial numbers are already registered: WSN-2'),
            code: 'SERIAL_TAKEN',
            params: { serials: 'WSN-2' },
          },
          { status: 409 },
        ),
      ),
    );
    await user.type(dialog.getByLabelText('Serial 2'), 'WSN-2');
    await user.type(dialog.getByLabelText('Paired serial 2 (optional)'), 'OUT-2');
    await user.click(dialog.getByRole('button', { name: 'Register 3 units and track' }));
    expect(
      await dialog.findByText(
        'The units were not registered: These serial numbers are already registered: WSN-2',
      ),
    ).toBeInTheDocument();

    server.resetHandlers();
    const sent = itemOnServer(productFixture({ quentity: 3, serialTracked: false, warrantyMonths: 12 }));
    await user.clear(dialog.getByLabelText('Serial 2'));
    await user.type(dialog.getByLabelText('Serial 2'), 'WSN-9');
    await user.click(dialog.getByRole('button', { name: 'Register 3 units and track' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      serialTracked: true,
      units: [
        { serial: 'WSN-1', locationId: 'main' },
        { serial: 'WSN-9', pairedSerial: 'OUT-2', locationId: 'main' },
        { serial: 'WSN-3', locationId: 'mirpur' },
      ],
    });
    expect(
      await screen.findByText(
        'Each unit of this item is known by its serial number; its warranty runs 12 months from dispatch.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Warranty (months)' })).toHaveValue('12');
  });
});

import { productFixture } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor } from '@testing-library/react';
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
});

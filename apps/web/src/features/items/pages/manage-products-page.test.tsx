import { airConditioner, categoriesAre } from '@test/features/category-fixtures.ts';
import { errorBody, locationFixture, productList } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@walton/contract';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

/**
 * A small in-memory catalogue behind GET/DELETE/restore, honouring limit, offset, q and after like
 * the server: a cursor names a position in the catalogue's order (here the item's index), so it
 * still works when its item has gone, and the answer has X-Next-Cursor while more items follow.
 */
function catalogue(initial: Product[]) {
  const deleted = new Set<string>();
  const listRequests: URLSearchParams[] = [];
  const calls: string[] = [];
  server.use(
    http.get('/api/product', ({ request }) => {
      const params = new URL(request.url).searchParams;
      // The navbar's low-stock count: none of this catalogue is low.
      if (params.get('lowStock') === 'true')
        return HttpResponse.json([], { headers: { 'x-total-count': '0' } });
      listRequests.push(params);
      const q = params.get('q')?.toLowerCase() ?? '';
      const visible = initial
        .map((item, position) => ({ item, position }))
        .filter(({ item }) => !deleted.has(item._id) && item.name.toLowerCase().includes(q));
      const after = params.get('after');
      const from = after === null ? Number(params.get('offset') ?? 0) : 0;
      const rest = visible.filter(({ position }) => after === null || position > Number(after.slice(1)));
      const limit = Number(params.get('limit') ?? 50);
      const page = rest.slice(from, from + limit);
      const last = page.at(-1);
      return HttpResponse.json(
        page.map(({ item }) => item),
        {
          headers: {
            'x-total-count': String(visible.length),
            ...(last && rest.length > from + limit ? { 'x-next-cursor': `p${last.position}` } : {}),
          },
        },
      );
    }),
    http.delete('/api/product/:id', ({ params }) => {
      const id = String(params.id);
      calls.push(`DELETE ${id}`);
      const count = deleted.has(id) ? 0 : 1;
      deleted.add(id);
      return HttpResponse.json({ deletedCount: count });
    }),
    http.post('/api/product/:id/restore', ({ params }) => {
      const id = String(params.id);
      calls.push(`RESTORE ${id}`);
      deleted.delete(id);
      return HttpResponse.json({ success: 'Product restored' });
    }),
  );
  return { listRequests, calls };
}

const table = () => screen.findByRole('table');
const rowNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('/manageItem', () => {
  it('lists the items in a table, with Back to home and Add New Item', async () => {
    catalogue(productList(3));
    await renderRoute('/manageItem', { user: testUser() });
    expect(await rowNames()).toEqual(['Product 1', 'Product 2', 'Product 3']);
    expect(within(await table()).getByText('BDT $1,002')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Add New Item' })).toHaveAttribute('href', '/addItem');
    expect(screen.getByRole('link', { name: 'Product 2' })).toHaveAttribute('href', '/manageItem/p-2');
  });

  it('shows beside the quantity what is reserved and available, for the items with units held only', async () => {
    const [free, held] = productList(2);
    if (!free || !held) throw new Error('productList gave fewer than two items');
    catalogue([
      { ...free, reserved: 0, available: free.quentity },
      { ...held, quentity: 9, reserved: 3, available: 5 },
    ]);
    await renderRoute('/manageItem', { user: testUser() });
    const [, freeRow, heldRow] = within(await table()).getAllByRole('row');
    if (!freeRow || !heldRow) throw new Error('the table has fewer than two rows');
    expect(within(freeRow).queryByTestId('held-stock')).not.toBeInTheDocument();
    expect(within(heldRow).getByTestId('held-stock')).toHaveTextContent('Reserved 3 · available 5');
  });

  it('pages through the API with the cursor of each answer, and back', async () => {
    const { listRequests } = catalogue(productList(23));
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    const next = () => screen.getByRole('button', { name: 'Next page' });
    const previous = () => screen.getByRole('button', { name: 'Previous page' });
    expect(await screen.findByText('Items 1–10 of 23 (page 1 of 3)')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    await user.click(next());
    expect(await screen.findByText('Items 11–20 of 23 (page 2 of 3)')).toBeInTheDocument();
    await user.click(next());
    expect(await screen.findByText('Items 21–23 of 23 (page 3 of 3)')).toBeInTheDocument();
    expect(await rowNames()).toEqual(['Product 21', 'Product 22', 'Product 23']);
    expect(next()).toBeDisabled();
    expect(
      listRequests.map((params) => [params.get('limit'), params.get('offset'), params.get('after')]),
    ).toEqual([
      ['10', '0', null],
      ['10', null, 'p9'],
      ['10', null, 'p19'],
    ]);

    await user.click(previous());
    expect(await screen.findByText('Items 11–20 of 23 (page 2 of 3)')).toBeInTheDocument();
    await waitFor(async () => expect((await rowNames())[0]).toBe('Product 11'));
    await user.click(previous());
    expect(await screen.findByText('Items 1–10 of 23 (page 1 of 3)')).toBeInTheDocument();
    await waitFor(async () => expect((await rowNames())[0]).toBe('Product 1'));
    expect(previous()).toBeDisabled();
    // Going back asks again for pages already seen, never by offset.
    expect(listRequests.every((params) => params.get('offset') === '0' || params.has('after'))).toBe(true);
  });

  it('steps back a page when the last item of the last page is deleted', async () => {
    catalogue(productList(11));
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Items 11–11 of 11 (page 2 of 2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Product 11' }));
    const dialog = await screen.findByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Items 1–10 of 10 (page 1 of 1)')).toBeInTheDocument();
    expect(await rowNames()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('searches through the API and starts again from the first page', async () => {
    const { listRequests } = catalogue([...productList(12), ...productList(1, 100)]);
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Items 11–13 of 13 (page 2 of 2)');
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'product 100');
    await waitFor(async () => expect(await rowNames()).toEqual(['Product 100']));
    const last = listRequests.at(-1);
    expect(last?.get('q')).toBe('product 100');
    expect(last?.get('offset')).toBe('0');
    expect(last?.has('after')).toBe(false);
  });

  it('lists the items of one location, each with its units there beside the total, from the first page', async () => {
    const { listRequests } = catalogue(productList(12));
    const [, second] = productList(12);
    server.use(
      http.get('/api/locations', () =>
        HttpResponse.json([
          locationFixture(),
          locationFixture({ id: 'l-show', name: 'Mirpur showroom', kind: 'showroom', isDefault: false }),
        ]),
      ),
      // The showroom holds 3 of Product 2 only; every other list is the catalogue's.
      http.get('/api/product', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('location') !== 'l-show') return;
        listRequests.push(params);
        return HttpResponse.json([{ ...second, locationQuentity: 3 }], { headers: { 'x-total-count': '1' } });
      }),
    );
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Items 11–12 of 12 (page 2 of 2)');
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Mirpur showroom');
    await waitFor(async () => expect(await rowNames()).toEqual(['Product 2']));
    const row = within(await table()).getAllByRole('row')[1];
    expect(row).toHaveTextContent(String(second?.quentity));
    expect(within(row as HTMLElement).getByText('At Mirpur showroom: 3')).toBeInTheDocument();
    const last = listRequests.at(-1);
    expect(last?.get('location')).toBe('l-show');
    expect(last?.has('after')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'All locations');
    // All locations again, from its first page.
    await waitFor(async () => expect((await rowNames())[0]).toBe('Product 1'));
    expect(await rowNames()).toHaveLength(10);
  });

  it('deletes only after "are you sure delete?", then toasts Delete SuccessFul with an Undo that restores', async () => {
    const { calls } = catalogue(productList(3));
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    const deleteButton = await screen.findByRole('button', { name: 'Delete Product 2' });

    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    await waitFor(() => expect(deleteButton).toHaveFocus());

    await user.click(deleteButton);
    const confirm = await screen.findByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SPEC_TEXT.deleteSuccess)).toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).toEqual(['Product 1', 'Product 3']));
    expect(calls).toEqual(['DELETE p-2']);

    await user.click(screen.getByRole('button', { name: 'Undo deleting Product 2' }));
    expect(await screen.findByText('Product restored')).toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).toEqual(['Product 1', 'Product 2', 'Product 3']));
    expect(calls).toEqual(['DELETE p-2', 'RESTORE p-2']);
  });

  it('tells the user when a delete fails and keeps the item', async () => {
    catalogue(productList(2));
    server.use(
      http.delete('/api/product/:id', () =>
        HttpResponse.json(errorBody(403, 'Forbidden', 'Please verify your email address first'), {
          status: 403,
        }),
      ),
    );
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delete Product 1' }));
    const dialog = await screen.findByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Could not delete Product 1: Please verify your email address first'),
    ).toBeInTheDocument();
    expect(screen.queryByText(SPEC_TEXT.deleteSuccess)).not.toBeInTheDocument();
    expect(await rowNames()).toEqual(['Product 1', 'Product 2']);
  });

  it('shows a failed list with a retry instead of an endless spinner', async () => {
    let calls = 0;
    server.use(
      http.get('/api/product', ({ request }) => {
        if (new URL(request.url).searchParams.get('lowStock') === 'true') {
          return HttpResponse.json([], { headers: { 'x-total-count': '0' } });
        }
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody(400, 'Bad Request', 'Invalid request: query.limit: Too big'), {
              status: 400,
            })
          : HttpResponse.json(productList(1), { headers: { 'x-total-count': '1' } });
      }),
    );
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    expect(await screen.findByText('Invalid request: query.limit: Too big')).toBeInTheDocument();
    expect(screen.queryByTestId('spinner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowNames()).toEqual(['Product 1']);
  });

  it('filters by a category and its attributes (a range, yes/no, an option) in the list’s query string, from the first page again', async () => {
    categoriesAre([airConditioner]);
    const { listRequests } = catalogue(productList(23));
    const { user } = await renderRoute('/manageItem', { user: testUser() });
    expect(await screen.findByText('Items 1–10 of 23 (page 1 of 3)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listRequests.at(-1)?.has('after')).toBe(true));
    await user.selectOptions(screen.getByLabelText('Category'), 'Air conditioner');
    await user.type(screen.getByLabelText('Capacity: at least'), '1');
    await user.type(screen.getByLabelText('Capacity: at most'), '1.5');
    await user.selectOptions(screen.getByLabelText('Inverter'), 'Yes');
    await user.selectOptions(screen.getByLabelText('Type'), 'split');
    await waitFor(() => expect(listRequests.at(-1)?.get('attr.type')).toBe('split'));
    const last = listRequests.at(-1);
    expect(last?.get('category')).toBe('air-conditioner');
    expect(last?.get('attr.capacity_ton')).toBe('1..1.5');
    expect(last?.get('attr.inverter')).toBe('true');
    expect(last?.get('limit')).toBe('10');
    expect(last?.has('after')).toBe(false);
    expect(last?.has('attr.refrigerant')).toBe(false);
  });
});

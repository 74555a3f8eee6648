import { productFixture } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { createTestQueryClient, renderRoute } from '@test/render-route.tsx';
import { screen, waitFor } from '@testing-library/react';
import type { Product } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';

describe('/labels', () => {
  it('reads the items through the products listing, so the one cache policy keeps it current', async () => {
    let catalogue: Product[] = [
      productFixture({ _id: 'p-1', name: 'Walton AC' }),
      productFixture({ _id: 'p-2', name: 'Walton Fridge' }),
    ];
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/product', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(catalogue, { headers: { 'x-total-count': String(catalogue.length) } });
      }),
      http.get('/api/product/:id/label.svg', () =>
        HttpResponse.text('<svg xmlns="http://www.w3.org/2000/svg"></svg>', {
          headers: { 'content-type': 'image/svg+xml' },
        }),
      ),
    );
    const queryClient = createTestQueryClient();
    await renderRoute('/labels', { user: testUser(), queryClient });
    expect(await screen.findByTestId('labels-summary')).toHaveTextContent('2 labels on 1 sheet of A4.');
    expect(asked.some((search) => search.get('sort') === 'name')).toBe(true);

    // Another clerk deletes an item: the change feed applies it, as it does to every list.
    catalogue = catalogue.filter((product) => product._id !== 'p-1');
    await applyProductChange(queryClient, { type: 'deleted', id: 'p-1' });
    await waitFor(() =>
      expect(screen.getByTestId('labels-summary')).toHaveTextContent('1 label on 1 sheet of A4.'),
    );
  });
});

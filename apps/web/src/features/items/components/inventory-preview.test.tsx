import { errorBody, productList } from '@test/features/product-fixtures.ts';
import { server } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

describe('home inventory preview', () => {
  it('asks the API for 6 products and shows them as cards with BDT $ price, description and Update', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/product', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(productList(6), { headers: { 'x-total-count': '40' } });
      }),
    );
    await renderRoute('/');
    const section = (await screen.findByRole('heading', { name: 'Inventory' })).closest('section');
    if (!section) throw new Error('no inventory section');
    const cards = await within(section).findAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Product ${n}`));
    expect(within(section).getByText('BDT $1,002')).toBeInTheDocument();
    expect(within(section).getAllByText(/Split inverter air conditioner/)).toHaveLength(6);
    expect(within(section).getByRole('img', { name: 'Product 1' })).toHaveAttribute('width');
    expect(within(section).getByRole('link', { name: 'Update Product 3' })).toHaveAttribute(
      'href',
      '/manageItem/p-3',
    );
    expect(within(section).getByRole('link', { name: 'All Manage Item' })).toHaveAttribute(
      'href',
      '/manageItem',
    );
    expect(asked).toEqual(['?limit=6&offset=0']);
  });

  it('says what went wrong instead of spinning forever, and retries on request', async () => {
    let calls = 0;
    server.use(
      http.get('/api/product', () => {
        calls += 1;
        return calls <= 3
          ? HttpResponse.json(errorBody(503, 'Service Unavailable', 'The database is starting up'), {
              status: 503,
            })
          : HttpResponse.json(productList(2), { headers: { 'x-total-count': '2' } });
      }),
    );
    const { user } = await renderRoute('/');
    expect(await screen.findByText('The database is starting up')).toBeInTheDocument();
    expect(screen.getByText('We could not load the products.')).toBeInTheDocument();
    expect(screen.queryByTestId('spinner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Product 2' })).toBeInTheDocument();
    expect(screen.queryByText('The database is starting up')).not.toBeInTheDocument();
  });

  it('refuses an answer that is not a list of products (an HTML page from a proxy, say) with a clear message', async () => {
    server.use(
      http.get('/api/product', () =>
        HttpResponse.html('<!doctype html><title>Gateway</title><p>Sign in to Wi-Fi</p>'),
      ),
    );
    await renderRoute('/');
    expect(
      await screen.findByText('The server sent an answer this page does not understand. Please reload.'),
    ).toBeInTheDocument();
    expect(screen.getByText('We could not load the products.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Update / })).not.toBeInTheDocument();
  });
});

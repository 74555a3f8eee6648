import { errorBody, productList } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

describe('/myItem', () => {
  it('lists the items the signed-in user added (GET /api/productOrder?email=)', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/productOrder', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('email'));
        return HttpResponse.json(productList(2));
      }),
    );
    await renderRoute('/myItem', { user: testUser({ email: 'nadia@example.com' }) });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/manageItem/p-1');
    expect(within(table).getByText('BDT $1,002')).toBeInTheDocument();
    expect(asked).toEqual(['nadia@example.com']);
  });

  it('says when there is nothing yet', async () => {
    server.use(http.get('/api/productOrder', () => HttpResponse.json([])));
    await renderRoute('/myItem', { user: testUser() });
    expect(await screen.findByText(/You have not added any items yet/)).toBeInTheDocument();
  });

  it('says what went wrong and retries', async () => {
    let calls = 0;
    server.use(
      http.get('/api/productOrder', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody(403, 'Forbidden', 'You can only list your own items'), {
              status: 403,
            })
          : HttpResponse.json(productList(1));
      }),
    );
    const { user } = await renderRoute('/myItem', { user: testUser() });
    expect(await screen.findByText('You can only list your own items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
  });

  it('pages the list by limit and offset with the server total, instead of asking for everything', async () => {
    const all = productList(13);
    const asked: string[] = [];
    server.use(
      http.get('/api/productOrder', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('limit')}/${params.get('offset')}`);
        const offset = Number(params.get('offset'));
        const items = all.slice(offset, offset + Number(params.get('limit')));
        return HttpResponse.json(items, { headers: { 'x-total-count': String(all.length) } });
      }),
    );
    const { user } = await renderRoute('/myItem', { user: testUser() });
    const pager = await screen.findByRole('navigation', { name: 'Item pages' });
    expect(pager).toHaveTextContent('Items 1–10 of 13 (page 1 of 2)');
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Product 13' })).toBeInTheDocument();
    expect(pager).toHaveTextContent('Items 11–13 of 13 (page 2 of 2)');
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(asked).toEqual(['10/0', '10/10']);
  });
});

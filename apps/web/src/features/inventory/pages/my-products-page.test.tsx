import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, productList } from '../../../../test/features/inventory-fixtures.ts';
import { server, testUser } from '../../../../test/msw-server.ts';
import { renderRoute } from '../../../../test/render-route.tsx';

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
});

import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, productFixture } from '../../test/features/product-fixtures.ts';
import { meHandler, server, testUser } from '../../test/msw-server.ts';
import { createTestQueryClient, renderRoute } from '../../test/render-route.tsx';
import { productKeys } from '../entities/products/api/product-keys.ts';

const user = testUser();
const own = productFixture({ _id: 'p-own', email: user.email.toUpperCase() });
const others = productFixture({
  _id: 'p-other',
  name: 'Walton Ceiling Fan',
  email: 'someone-else@example.com',
});

/** The items the fake server has, by id, with an empty history. */
function items(...products: ReturnType<typeof productFixture>[]) {
  server.use(
    http.get('/api/product/:id', ({ params }) => {
      const product = products.find((candidate) => candidate._id === params.id);
      return product
        ? HttpResponse.json(product)
        : HttpResponse.json(errorBody(404, 'Not Found', 'No'), { status: 404 });
    }),
    http.get('/api/product', () =>
      HttpResponse.json(products, { headers: { 'x-total-count': String(products.length) } }),
    ),
    http.get('/api/product/:id/history', () => HttpResponse.json([])),
    http.get('/api/settings', () => HttpResponse.json({ lowStockEmail: false })),
  );
}

const button = (name: string) => screen.queryByRole('button', { name });
const main = () => screen.getByRole('main');

describe('who the user is and what they may do', () => {
  it('renders a protected page only once GET /api/me has answered, with its controls there from the first render', async () => {
    items(own);
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/me', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ email: user.email, name: user.name, role: 'staff', actions: [] });
      }),
    );
    await renderRoute(`/manageItem/${own._id}`, { user });
    await waitFor(() => expect(answer).toBeDefined());
    expect(within(main()).getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByTestId('quantity')).not.toBeInTheDocument();
    answer?.();
    // The first render of the item already has its buttons.
    await screen.findByTestId('quantity');
    expect(button('Delivered')).toBeInTheDocument();
    expect(button('Add Quentity')).toBeInTheDocument();
  });

  it('shows a viewer the item without Delivered, Add Quentity or Edit, and Manage Items without Add, Import or Delete', async () => {
    items(own);
    server.use(meHandler('viewer'));
    const { user: clicks } = await renderRoute(`/manageItem/${own._id}`, { user });
    await screen.findByTestId('quantity');
    expect(button('Delivered')).not.toBeInTheDocument();
    expect(button('Add Quentity')).not.toBeInTheDocument();
    expect(within(main()).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    await clicks.click(within(main()).getByRole('link', { name: 'Go ManageITem' }));
    await screen.findByRole('table');
    expect(within(main()).queryByRole('link', { name: 'Add New Item' })).not.toBeInTheDocument();
    expect(within(main()).queryByRole('link', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${own.name}` })).not.toBeInTheDocument();
  });

  it("offers a supplier their own item's restock and edit, never Delivered, and nothing on another supplier's item", async () => {
    items(own, others);
    server.use(meHandler('supplier'));
    const { user: clicks } = await renderRoute(`/manageItem/${own._id}`, { user });
    await screen.findByTestId('quantity');
    expect(button('Add Quentity')).toBeInTheDocument();
    expect(within(main()).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(button('Delivered')).not.toBeInTheDocument();

    // The dashboard is not a supplier's: no link to it.
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getByRole('link', { name: 'Scan' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await clicks.click(within(main()).getByRole('link', { name: 'Go ManageITem' }));
    expect(await screen.findByRole('button', { name: `Delete ${own.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${others.name}` })).not.toBeInTheDocument();
  });

  it("treats an unverified supplier's items as nobody's (own items are those of a verified address)", async () => {
    items(own);
    server.use(meHandler('supplier'));
    await renderRoute(`/manageItem/${own._id}`, { user: { ...user, emailVerified: false } });
    await screen.findByTestId('quantity');
    expect(button('Add Quentity')).not.toBeInTheDocument();
  });

  it('shows the no-access page, titled as the app titles pages, on a route the role may not open', async () => {
    await renderRoute('/users', { user });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('No Access- Walton Warehouse'));
    expect(within(main()).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // The Users link is for admins only.
    expect(
      within(screen.getByRole('navigation')).queryByRole('link', { name: 'Users' }),
    ).not.toBeInTheDocument();
  });

  it("titles another supplier's item's edit page No Access, even when the item was already loaded", async () => {
    items(own, others);
    server.use(meHandler('supplier'));
    // The item already in the cache: the no-access page is there from the edit page's first render.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(productKeys.detail(others._id), others);
    await renderRoute(`/manageItem/${others._id}/edit`, { user, queryClient });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('No Access- Walton Warehouse'));
  });

  it('asks GET /api/me again when the server refuses an action as FORBIDDEN, and the controls follow', async () => {
    items(own);
    const { user: clicks } = await renderRoute(`/manageItem/${own._id}`, { user });
    await screen.findByTestId('quantity');
    // Meanwhile an admin made the clerk a viewer: the server refuses, and says who they are now.
    server.use(
      meHandler('viewer'),
      http.put('/api/product/:id', () =>
        HttpResponse.json(
          {
            ...errorBody(403, 'Forbidden', 'Your account may not do this: item.deliver'),
            code: 'FORBIDDEN',
            action: 'item.deliver',
          },
          { status: 403 },
        ),
      ),
    );
    const delivered = button('Delivered');
    if (!delivered) throw new Error('no Delivered button');
    await clicks.click(delivered);
    // (While the refused press is on its way, Delivered reads "Delivering…".)
    await waitFor(() => expect(button('Add Quentity')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Deliver/ })).not.toBeInTheDocument();
  });

  it('says so, and stays, when GET /api/me cannot be read', async () => {
    items(own);
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json(
          { ...errorBody(429, 'Too Many Requests', 'Too many requests'), code: 'TOO_MANY_REQUESTS' },
          { status: 429 },
        ),
      ),
    );
    const { route, user: clicks } = await renderRoute(`/manageItem/${own._id}`, { user });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(route().location.pathname).toBe(`/manageItem/${own._id}`);
    server.use(meHandler('staff'));
    await clicks.click(retry);
    expect(await screen.findByRole('button', { name: 'Delivered' })).toBeInTheDocument();
  });
});

import { errorBody, movementFixture, productFixture } from '@test/features/product-fixtures.ts';
import { server, sessionHandler, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@walton/contract';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language.ts';

interface StockCall {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

/** The item as the server holds it; GET answers with it and its ETag, every PUT is recorded. */
function itemOnServer(initial: Product) {
  const state = { product: initial };
  const calls: StockCall[] = [];
  server.use(
    http.get('/api/product/:id', () =>
      HttpResponse.json(state.product, { headers: { etag: `"${state.product.version}"` } }),
    ),
    http.get('/api/product/:id/movements', () =>
      HttpResponse.json([
        movementFixture({
          id: 'm-2',
          delta: -1,
          quantityAfter: 6,
          reason: 'delivered',
          actor: 'nadia@example.com',
        }),
        movementFixture({ id: 'm-1', delta: 7, quantityAfter: 7, reason: 'created' }),
      ]),
    ),
    http.get('/api/product/:id/history', () => HttpResponse.json([])),
  );
  const record = async (request: Request) => {
    const call = {
      method: request.method,
      path: new URL(request.url).pathname,
      ifMatch: request.headers.get('if-match'),
      body: await request.json(),
    };
    calls.push(call);
    return call;
  };
  /** Applies a stock change as the server does, answering like it. */
  const accept = (quentity: number, success: string) => {
    state.product = { ...state.product, quentity, version: state.product.version + 1 };
    return HttpResponse.json({ success, quentity, version: state.product.version });
  };
  return { state, calls, record, accept };
}

const quantity = () => screen.findByTestId('quantity');

describe('/manageItem/:id', () => {
  it('shows the item with its present detail lines, latest movements and the two navigation buttons', async () => {
    itemOnServer(productFixture({ model: 'WSI-KRYSTALINE-18C', display: 'LED temperature display' }));
    await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await screen.findByRole('heading', { level: 1, name: productFixture().name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: productFixture().name })).toHaveAttribute(
      'src',
      '/images/products/split-inverter-white.svg',
    );
    expect(screen.getByText('BDT $72,500')).toBeInTheDocument();
    expect(await quantity()).toHaveTextContent('7');
    expect(screen.getByText(/Karim Traders/)).toBeInTheDocument();
    expect(screen.getByText(productFixture().description)).toBeInTheDocument();
    expect(screen.getByText('WSI-KRYSTALINE-18C')).toBeInTheDocument();
    expect(screen.getByText('LED temperature display')).toBeInTheDocument();
    expect(screen.queryByText('RAM:')).not.toBeInTheDocument();
    expect(screen.queryByText('Prosesor:')).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Latest stock movements' });
    const movements = await within(region).findByRole('list');
    expect(within(movements).getAllByRole('listitem')).toHaveLength(2);
    expect(within(movements).getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go ManageITem' })).toHaveAttribute('href', '/manageItem');
  });

  it('Delivered sends current - 1 with If-Match, toasts the server’s text and shows the new quantity', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    server.use(
      http.put('/api/product/:id', async ({ request }) => {
        await server$.record(request);
        return server$.accept(6, 'Product delivered');
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    await waitFor(async () => expect(await quantity()).toHaveTextContent('6'));
    expect(server$.calls).toEqual([
      { method: 'PUT', path: '/api/product/p-1', ifMatch: '"3"', body: { newQuentity: 6 } },
    ]);
  });

  it('at zero says "Sorry No Quentity. Please Add quentity" and the quantity stays 0', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 0, version: 9 }));
    server.use(
      http.put('/api/product/:id', async ({ request }) => {
        await server$.record(request);
        return HttpResponse.json(
          errorBody(409, 'Conflict', SPEC_TEXT.noQuantity, { product: server$.state.product }),
          { status: 409 },
        );
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText(SPEC_TEXT.noQuantity)).toBeInTheDocument();
    expect(await quantity()).toHaveTextContent('0');
    expect(server$.calls).toEqual([
      { method: 'PUT', path: '/api/product/p-1', ifMatch: '"9"', body: { newQuentity: -1 } },
    ]);
  });

  it('Add Quentity refuses anything but a positive value with "please enter a positive value"', async () => {
    const server$ = itemOnServer(productFixture());
    server.use(
      http.put('/api/products/:id', async ({ request }) => {
        await server$.record(request);
        return server$.accept(0, 'Stock updated');
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Add Quentity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quentity' });
    const input = within(dialog).getByLabelText(/How many units/);
    await waitFor(() => expect(input).toHaveFocus());
    for (const value of ['', '0', '-4']) {
      await user.clear(input);
      if (value) await user.type(input, value);
      await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
      expect(await within(dialog).findByText(SPEC_TEXT.positiveValue)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(SPEC_TEXT.positiveValue);
    }
    expect(server$.calls).toEqual([]);
  });

  it('Add Quentity sets the stock to the current quantity plus the amount, with If-Match', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    server.use(
      http.put('/api/products/:id', async ({ request }) => {
        const call = await server$.record(request);
        const body = call.body as { newQuentity: number };
        return server$.accept(body.newQuentity, 'Stock updated');
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    const open = await screen.findByRole('button', { name: 'Add Quentity' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Add Quentity' });
    await user.type(within(dialog).getByLabelText(/How many units/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
    await waitFor(async () => expect(await quantity()).toHaveTextContent('12'));
    expect(server$.calls).toEqual([
      { method: 'PUT', path: '/api/products/p-1', ifMatch: '"3"', body: { newQuentity: 12 } },
    ]);
  });

  it('on 412 re-applies the delivery to the latest version and tells the user what happened', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    // Someone restocked to 10 (version 5) after this page loaded.
    const newer = productFixture({ quentity: 10, version: 5 });
    server.use(
      http.put('/api/product/:id', async ({ request }) => {
        const call = await server$.record(request);
        if (call.ifMatch !== '"5"') {
          server$.state.product = newer;
          return HttpResponse.json(
            errorBody(412, 'Precondition Failed', 'This item was changed by someone else', {
              product: newer,
            }),
            { status: 412 },
          );
        }
        return server$.accept(9, 'Product delivered');
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Product delivered')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Someone else changed this item while you were looking at it, so your change was applied to the latest quantity: 9 now in stock.',
      ),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await quantity()).toHaveTextContent('9'));
    expect(server$.calls.map(({ ifMatch, body }) => [ifMatch, body])).toEqual([
      ['"3"', { newQuentity: 6 }],
      ['"5"', { newQuentity: 9 }],
    ]);
  });

  it('on 409 shows the server’s reason and the latest quantity', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    const newer = productFixture({ quentity: 2, version: 6 });
    server.use(
      http.put('/api/product/:id', async ({ request }) => {
        await server$.record(request);
        server$.state.product = newer;
        return HttpResponse.json(
          errorBody(409, 'Conflict', 'The quantity changed meanwhile: 2 are in stock now', {
            product: newer,
          }),
          { status: 409 },
        );
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('The quantity changed meanwhile: 2 are in stock now')).toBeInTheDocument();
    await waitFor(async () => expect(await quantity()).toHaveTextContent('2'));
    expect(server$.calls).toHaveLength(1);
  });

  it('when the item keeps changing (412 twice) it reloads it and says so', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    let version = 3;
    server.use(
      http.put('/api/products/:id', async ({ request }) => {
        await server$.record(request);
        version += 1;
        server$.state.product = productFixture({ quentity: 7 + version, version });
        return HttpResponse.json(
          errorBody(412, 'Precondition Failed', 'Changed meanwhile', { product: server$.state.product }),
          { status: 412 },
        );
      }),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Add Quentity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quentity' });
    await user.type(within(dialog).getByLabelText(/How many units/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(
      await screen.findByText(/being changed by someone else right now. We reloaded it/),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await quantity()).toHaveTextContent('12'));
    expect(server$.calls).toHaveLength(2);
  });

  it('says so when the stock change fails for another reason', async () => {
    itemOnServer(productFixture());
    server.use(
      http.put('/api/product/:id', () =>
        HttpResponse.json(errorBody(403, 'Forbidden', 'Please verify your email address first'), {
          status: 403,
        }),
      ),
    );
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(
      await screen.findByText('The stock was not changed: Please verify your email address first'),
    ).toBeInTheDocument();
  });

  it('sends the user to /login, remembering the page, when the session has ended meanwhile', async () => {
    itemOnServer(productFixture());
    server.use(
      http.put('/api/product/:id', () =>
        HttpResponse.json(errorBody(401, 'Unauthorized', 'Please sign in first'), { status: 401 }),
      ),
    );
    const { user, route } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(route().location.pathname).toBe('/login'));
    expect(route().location.state).toMatchObject({ from: { pathname: '/manageItem/p-1' } });
    expect(screen.queryByText(/Please sign in first/)).toBeNull();
  });

  it('reads a delete as the stock staying where it was, and names who acted as History does', async () => {
    itemOnServer(productFixture({ quentity: 10 }));
    server.use(
      http.get('/api/product/:id/movements', () =>
        HttpResponse.json([
          movementFixture({ id: 'm-3', delta: 0, quantityAfter: 10, reason: 'restored', actorName: '' }),
          movementFixture({
            id: 'm-2',
            delta: 0,
            quantityAfter: 10,
            reason: 'deleted',
            actor: 'nadia@example.com',
            actorName: 'Nadia Islam',
          }),
          movementFixture({ id: 'm-1', delta: 10, quantityAfter: 10, reason: 'created', actorName: 'Karim' }),
        ]),
      ),
    );
    await renderRoute('/manageItem/p-1', { user: testUser() });
    const region = await screen.findByRole('region', { name: 'Latest stock movements' });
    const [restored, deleted, created] = await within(region).findAllByRole('listitem');
    expect(deleted).toHaveTextContent(/^Deleted · the stock stays at 10Nadia Islam · /);
    expect(deleted).not.toHaveTextContent('→');
    expect(deleted).not.toHaveTextContent('nadia@example.com');
    // No name kept: the email stands for the person.
    expect(restored).toHaveTextContent(/^Restored · the stock stays at 10karim@example.com · /);
    expect(created).toHaveTextContent(/^Added to the inventory \+10 → 10 in stockKarim · /);
  });

  it('explains an unknown or deleted item in one sentence', async () => {
    server.use(
      http.get('/api/product/:id', () =>
        HttpResponse.json(
          errorBody(404, 'Not Found', 'This product does not exist or was deleted', {
            code: 'PRODUCT_NOT_FOUND',
          }),
          { status: 404 },
        ),
      ),
    );
    await renderRoute('/manageItem/nope', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Item not foundThis item does not exist, or it was deleted.');
    expect(alert).not.toHaveTextContent(/deleted.*deleted/);
  });
});

/** A stand-in for the browser's EventSource (jsdom has none), letting the test push server events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  closed = false;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

/**
 * The feed the app opened. Its code loads on its own, after the first render (product-change-feed.ts),
 * so on a busy machine the page can show the item before the feed is open.
 */
async function openedFeed(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('the app did not subscribe to /api/events');
  return source;
}

describe('/manageItem/:id live updates', () => {
  const original = globalThis.EventSource;
  afterEach(() => {
    globalThis.EventSource = original;
    FakeEventSource.instances = [];
  });

  it('refreshes the quantity when someone else changes the item', async () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    const { unmount } = await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await quantity()).toHaveTextContent('7');
    const source = await openedFeed();
    expect(source.url).toBe('/api/events');

    server$.state.product = productFixture({ quentity: 4, version: 4 });
    source.emit('change', JSON.stringify({ type: 'delivered', id: 'p-1', version: 4 }));
    await waitFor(async () => expect(await quantity()).toHaveTextContent('4'));

    source.emit('change', 'not json');
    unmount();
    expect(source.closed).toBe(true);
  });

  it('when the server refuses the feed (the session ended elsewhere), sends the user to /login', async () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    itemOnServer(productFixture());
    const { route } = await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await quantity()).toHaveTextContent('7');
    const source = await openedFeed();

    server.use(sessionHandler(null));
    source.readyState = FakeEventSource.CLOSED;
    source.dispatchEvent(new Event('error'));
    await waitFor(() => expect(route().location.pathname).toBe('/login'));
    expect(route().location.state).toMatchObject({ from: { pathname: '/manageItem/p-1' } });
  });
});

describe('/manageItem/:id: the amounts a clerk types, and the limits, in words', () => {
  /** The restock handler: records each PUT and answers as the server does. */
  function restockOnServer(initial: Product) {
    const server$ = itemOnServer(initial);
    server.use(
      http.put('/api/products/:id', async ({ request }) => {
        const call = await server$.record(request);
        return server$.accept((call.body as { newQuentity: number }).newQuentity, 'Stock updated');
      }),
    );
    return server$;
  }

  async function typeAmount(amount: string, names = { open: 'Add Quentity', submit: 'Add to stock' }) {
    const { user } = await renderRoute('/manageItem/p-1', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: names.open }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox');
    await user.type(input, amount);
    await user.click(within(dialog).getByRole('button', { name: names.submit }));
    return { dialog, input };
  }

  it('Add Quentity checks the stock limit before sending and says it in words', async () => {
    const server$ = restockOnServer(productFixture({ quentity: 7, version: 3 }));
    const { dialog, input } = await typeAmount('99999999999');
    const said =
      'That is too many: at most 1,000,000 units can be in stock, so at most 999,993 more can be added now.';
    expect(await within(dialog).findByText(said)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(said);
    expect(server$.calls).toEqual([]);
  });

  it('Add Quentity reads Bengali digits as the digits they are', async () => {
    const server$ = restockOnServer(productFixture({ quentity: 7, version: 3 }));
    await typeAmount('৪৫');
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(server$.calls).toEqual([
      { method: 'PUT', path: '/api/products/p-1', ifMatch: '"3"', body: { newQuentity: 52 } },
    ]);
  });

  it('a field the server refused reaches the clerk as words, not as the request’s developer text', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
    server.use(
      http.put('/api/products/:id', async ({ request }) => {
        await server$.record(request);
        return HttpResponse.json(
          errorBody(400, 'Bad Request', 'Invalid request: body.newQuentity: At most 1000000', {
            code: 'VALIDATION_FAILED',
            issues: [
              {
                path: 'body.newQuentity',
                message: 'At most 1000000',
                code: 'TOO_LARGE',
                params: { max: 1_000_000 },
              },
            ],
          }),
          { status: 400 },
        );
      }),
    );
    await typeAmount('5');
    expect(
      await screen.findByText('The stock was not changed: Quantity: At most 1,000,000.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/body\.newQuentity/)).not.toBeInTheDocument();
  });

  it('shows what is reserved and available only when units are held', async () => {
    const server$ = itemOnServer(productFixture({ quentity: 7, reserved: 0, available: 7 }));
    await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await quantity()).toHaveTextContent('7');
    expect(screen.queryByTestId('held-stock')).not.toBeInTheDocument();

    server$.state.product = productFixture({ quentity: 7, reserved: 2, available: 4 });
    await renderRoute('/manageItem/p-1', { user: testUser() });
    expect(await screen.findByTestId('held-stock')).toHaveTextContent('Reserved 2 · available 4');
  });

  describe('in Bengali', () => {
    afterEach(async () => {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      await activateLanguage('en');
    });
    const bengali = { open: 'রিস্টক করুন', submit: 'স্টকে যোগ করুন' };

    it('says the limit in Bengali, with Bengali digits', async () => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
      await activateLanguage('bn');
      const server$ = restockOnServer(productFixture({ quentity: 7, version: 3 }));
      const { dialog } = await typeAmount('৯৯৯৯৯৯৯৯৯৯৯', bengali);
      expect(
        await within(dialog).findByText(
          'এত বেশি যোগ করা যাবে না: স্টকে সর্বোচ্চ ১০,০০,০০০টি ইউনিট রাখা যায়, তাই এখন আর সর্বোচ্চ ৯,৯৯,৯৯৩টি যোগ করা যাবে।',
        ),
      ).toBeInTheDocument();
      expect(server$.calls).toEqual([]);
    });

    it('says what is reserved and available in Bengali, with Bengali digits', async () => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
      await activateLanguage('bn');
      itemOnServer(productFixture({ quentity: 7, reserved: 2, available: 4 }));
      await renderRoute('/manageItem/p-1', { user: testUser() });
      expect(await screen.findByTestId('held-stock')).toHaveTextContent('সংরক্ষিত ২টি · বিক্রির জন্য আছে ৪টি');
    });

    it('says a field the server refused in Bengali', async () => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
      await activateLanguage('bn');
      const server$ = itemOnServer(productFixture({ quentity: 7, version: 3 }));
      server.use(
        http.put('/api/products/:id', async ({ request }) => {
          await server$.record(request);
          return HttpResponse.json(
            errorBody(400, 'Bad Request', 'Invalid request: body.newQuentity: At most 1000000', {
              code: 'VALIDATION_FAILED',
              issues: [
                {
                  path: 'body.newQuentity',
                  message: 'At most 1000000',
                  code: 'TOO_LARGE',
                  params: { max: 1_000_000 },
                },
              ],
            }),
            { status: 400 },
          );
        }),
      );
      await typeAmount('৫', bengali);
      expect(await screen.findByText('স্টক বদলানো হয়নি: পরিমাণ: সর্বোচ্চ ১০,০০,০০০।')).toBeInTheDocument();
    });
  });
});

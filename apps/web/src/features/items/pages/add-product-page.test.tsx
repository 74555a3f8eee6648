import { airConditioner, categoriesAre } from '@test/features/category-fixtures.ts';
import { errorBody } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

interface Posted {
  authorization: string | null;
  body: unknown;
}

function productOrderAnswers(answer: (posted: Posted) => Response) {
  const posted: Posted[] = [];
  server.use(
    http.post('/api/productOrder', async ({ request }) => {
      const entry = { authorization: request.headers.get('authorization'), body: await request.json() };
      posted.push(entry);
      return answer(entry);
    }),
  );
  return posted;
}

const added = () => HttpResponse.json({ success: 'Product added', _id: 'new-1' }, { status: 201 });

async function fillItem(user: UserEvent) {
  await user.type(await screen.findByLabelText('Name'), 'Walton WSN-RIVERINE 1 Ton');
  await user.type(screen.getByLabelText('Image URL'), '/images/products/split-standard-white.svg');
  await user.type(screen.getByLabelText('Price (BDT)'), '48500.50');
  await user.type(screen.getByLabelText('Quantity'), '12');
  await user.type(screen.getByLabelText('Description'), 'Non-inverter split AC for small rooms.');
}

describe('/addItem', () => {
  it('prefills supplier name and email read-only from the signed-in user; price and quantity are numeric', async () => {
    await renderRoute('/addItem', { user: testUser() });
    const supplier = await screen.findByLabelText('Supplier name');
    expect(supplier).toHaveValue('Rahim Uddin');
    expect(supplier).toHaveAttribute('readonly');
    const email = screen.getByLabelText('Supplier email');
    expect(email).toHaveValue('rahim@example.com');
    expect(email).toHaveAttribute('readonly');
    // Numeric keyboards; text inputs, so that Bengali digits typed in are not dropped by the browser.
    expect(screen.getByLabelText('Price (BDT)')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Low stock alert at')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('link', { name: 'Back to manage list' })).toHaveAttribute('href', '/manageItem');
    expect(screen.getByRole('link', { name: 'My Items' })).toHaveAttribute('href', '/myItem');
  });

  it('requires every field and sends nothing until they are filled', async () => {
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    for (const label of ['Name', 'Image URL', 'Price (BDT)', 'Quantity', 'Description']) {
      const input = screen.getByLabelText(label);
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
      expect(input).toHaveAccessibleDescription(expect.stringContaining('Required'));
    }
    expect(posted).toHaveLength(0);
  });

  it('explains a wrong price or quantity', async () => {
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.clear(screen.getByLabelText('Price (BDT)'));
    await user.type(screen.getByLabelText('Price (BDT)'), '10.555');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('At most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Must be a whole number')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('checks the price and quantity limits before sending and says them with the number grouped', async () => {
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.clear(screen.getByLabelText('Price (BDT)'));
    await user.type(screen.getByLabelText('Price (BDT)'), '100000000');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '99999999999');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Price (BDT)')).toHaveAccessibleDescription('At most 99,999,999.99'),
    );
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription('At most 1,000,000');
    expect(posted).toHaveLength(0);
  });

  it('reads Bengali digits typed into the price, quantity and threshold', async () => {
    const posted = productOrderAnswers(() =>
      HttpResponse.json({ success: 'Added from Bengali digits', _id: 'new-2' }, { status: 201 }),
    );
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.clear(screen.getByLabelText('Price (BDT)'));
    await user.type(screen.getByLabelText('Price (BDT)'), '৪৫০০০.৫০');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '১২');
    await user.type(screen.getByLabelText('Low stock alert at'), '৩');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ price: 45000.5, quentity: 12, lowStockThreshold: 3 });
  });

  it('sends the item with "authorization: {email} {accessToken}", toasts the server’s text and resets the form', async () => {
    localStorage.setItem('accessToken', 'stored-token');
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Price (BDT)')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Supplier name')).toHaveValue('Rahim Uddin');
    expect(screen.getByLabelText('Supplier email')).toHaveValue('rahim@example.com');
    expect(posted).toEqual([
      {
        authorization: 'rahim@example.com stored-token',
        body: {
          name: 'Walton WSN-RIVERINE 1 Ton',
          img: '/images/products/split-standard-white.svg',
          price: 48500.5,
          quentity: 12,
          description: 'Non-inverter split AC for small rooms.',
          suplerName: 'Rahim Uddin',
          email: 'rahim@example.com',
          lowStockThreshold: null,
        },
      },
    ]);
  });

  it('"Serial tracked" sends the item tracked, with no stock and the warranty typed (12 months until changed)', async () => {
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    expect(screen.queryByLabelText('Warranty (months)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Serial tracked' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('0');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Warranty (months)')).toHaveValue('12');
    await user.clear(screen.getByLabelText('Warranty (months)'));
    await user.type(screen.getByLabelText('Warranty (months)'), '121');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByLabelText('Warranty (months)')).toHaveAccessibleDescription(
      'Must be a whole number of months from 0 to 120',
    );
    expect(posted).toHaveLength(0);
    await user.clear(screen.getByLabelText('Warranty (months)'));
    await user.type(screen.getByLabelText('Warranty (months)'), '24');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ quentity: 0, serialTracked: true, warrantyMonths: 24 });
  });

  it('sends "Low stock alert at" as a whole number when filled in, and explains a wrong one', async () => {
    localStorage.setItem('accessToken', 'stored-token');
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    const threshold = screen.getByLabelText('Low stock alert at');
    expect(threshold).not.toBeRequired();
    await user.type(threshold, '-2');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Must not be negative')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.clear(threshold);
    await user.type(threshold, '3');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ body: { quentity: 12, lowStockThreshold: 3 } });
  });

  it('fetches a fresh access token when none is stored or the stored one is refused', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const tokenRequests: unknown[] = [];
    server.use(
      http.post('/api/login', async ({ request }) => {
        tokenRequests.push(await request.json());
        return HttpResponse.json({ accessToken: 'fresh-token' });
      }),
    );
    const posted = productOrderAnswers(({ authorization }) =>
      authorization === 'rahim@example.com fresh-token'
        ? added()
        : HttpResponse.json(errorBody(401, 'Unauthorized', 'The access token has expired'), { status: 401 }),
    );
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    expect(posted.map((entry) => entry.authorization)).toEqual([
      'rahim@example.com expired-token',
      'rahim@example.com fresh-token',
    ]);
    expect(tokenRequests).toEqual([{ email: 'rahim@example.com' }]);
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
  });

  it('keeps what was typed and says why when the server refuses the item', async () => {
    localStorage.setItem('accessToken', 'stored-token');
    productOrderAnswers(() =>
      HttpResponse.json(
        {
          ...errorBody(
            400,
            'Bad Request',
            'Invalid request: body.img: Must be an http(s) URL or a path under /images/',
            {
              code: 'VALIDATION_FAILED',
            },
          ),
          issues: [
            {
              path: 'body.img',
              message: 'Must be an http(s) URL or a path under /images/',
              code: 'NOT_IMAGE_URL',
              params: { prefix: '/images/' },
            },
          ],
        },
        { status: 400 },
      ),
    );
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    // In words: the field by its name on the page, never the request's developer text.
    expect(
      await screen.findByText(
        'The item was not added: Image: Must be an http(s) URL or a path under /images/.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/body\.img/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription(
      expect.stringContaining('Must be an http(s) URL'),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Walton WSN-RIVERINE 1 Ton');
  });

  it('with no category chosen sends neither category nor attributes', async () => {
    categoriesAre([airConditioner]);
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).not.toHaveProperty('category');
    expect(posted[0]?.body).not.toHaveProperty('attributes');
  });

  it('shows a chosen category’s attributes as inputs and sends their values by its template', async () => {
    categoriesAre([airConditioner]);
    const posted = productOrderAnswers(added);
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.selectOptions(screen.getByLabelText('Category'), 'Air conditioner');
    const capacity = await screen.findByLabelText('Capacity (required)');
    expect(capacity).toBeRequired();
    expect(screen.getByText('ton')).toBeInTheDocument();
    await user.type(capacity, '১.৫');
    await user.click(screen.getByRole('switch', { name: 'Inverter' }));
    await user.selectOptions(screen.getByLabelText('Type'), 'split');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({
      category: 'air-conditioner',
      attributes: { capacity_ton: 1.5, inverter: true, type: 'split' },
    });
    expect(posted[0]?.body).not.toHaveProperty('attributes.refrigerant');
  });

  it('puts a refusal naming an attribute on that attribute’s input, and a capacity not a number before sending', async () => {
    categoriesAre([airConditioner]);
    const posted = productOrderAnswers(() =>
      HttpResponse.json(
        errorBody(400, 'Bad Request', 'capacity_ton is required for Air conditioner', {
          code: 'ATTRIBUTE_REQUIRED',
          params: { key: 'capacity_ton', category: 'Air conditioner' },
        }),
        { status: 400 },
      ),
    );
    const { user } = await renderRoute('/addItem', { user: testUser() });
    await fillItem(user);
    await user.selectOptions(screen.getByLabelText('Category'), 'Air conditioner');
    const capacity = await screen.findByLabelText('Capacity (required)');
    await user.type(capacity, 'big');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(capacity).toHaveAccessibleDescription('Enter a number'));
    expect(posted).toHaveLength(0);
    await user.clear(capacity);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() =>
      expect(capacity).toHaveAccessibleDescription('capacity_ton is required for Air conditioner'),
    );
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(1);
  });
});

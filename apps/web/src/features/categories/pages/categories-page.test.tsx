import { airConditioner } from '@test/features/category-fixtures.ts';
import { errorBody } from '@test/features/product-fixtures.ts';
import { meHandler, server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Category } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';

/** The categories as the server keeps them; every POST is recorded and added. */
function categoriesOnServer() {
  const categories: Category[] = [structuredClone(airConditioner)];
  const posted: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    http.get('/api/categories', () => HttpResponse.json(categories)),
    // The air conditioner is every demo item's category: only another one can go.
    http.delete('/api/categories/:id', ({ params }) => {
      const id = String(params.id);
      if (id === airConditioner.id) {
        return HttpResponse.json(
          {
            ...errorBody(
              409,
              'Conflict',
              'Air conditioner is the category of 12 items: move them to another category first',
            ),
            code: 'CATEGORY_IN_USE',
            params: { name: 'Air conditioner', count: 12 },
          },
          { status: 409 },
        );
      }
      deleted.push(id);
      categories.splice(
        categories.findIndex((category) => category.id === id),
        1,
      );
      return HttpResponse.json({ deleted: true });
    }),
    http.post('/api/categories', async ({ request }) => {
      const body = (await request.json()) as Omit<Category, 'id' | 'version'>;
      posted.push(body);
      if (categories.some((category) => category.nameEn === body.nameEn)) {
        return HttpResponse.json(
          { ...errorBody(409, 'Conflict', 'A category has this name'), code: 'CATEGORY_NAME_TAKEN' },
          { status: 409 },
        );
      }
      const created = { ...body, id: 'fan', version: 1 };
      categories.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return { posted, deleted };
}

describe('the categories page', () => {
  afterEach(() => activateLanguage('en'));

  it('lists the categories with their attributes, in Bengali too', async () => {
    categoriesOnServer();
    await renderRoute('/categories', { user: testUser() });
    expect(await screen.findByText('Air conditioner')).toBeInTheDocument();
    expect(screen.getByText('Capacity, Inverter, Type, Refrigerant')).toBeInTheDocument();
    activateLanguage('bn');
    expect(await screen.findByText('এয়ার কন্ডিশনার')).toBeInTheDocument();
    expect(screen.getByText('ক্ষমতা, ইনভার্টার, ধরন, রেফ্রিজারেন্ট')).toBeInTheDocument();
  });

  it('creates a category with its names and attribute rows, options one a line and a unit for a number', async () => {
    const { posted } = categoriesOnServer();
    const { user } = await renderRoute('/categories', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = within(screen.getByRole('form', { name: 'New category' }));
    await user.type(form.getByLabelText('Name in English'), 'Fan');
    await user.type(form.getByLabelText('Name in Bengali'), 'ফ্যান');
    await user.click(form.getByRole('button', { name: 'Add attribute' }));
    await user.click(form.getByRole('button', { name: 'Add attribute' }));
    const keys = form.getAllByLabelText('Key');
    const [first, second] = [0, 1].map((index) => within(form.getAllByRole('group')[index] as HTMLElement));
    await user.type(keys[0] as HTMLElement, 'sweep_mm');
    await user.type(first?.getByLabelText('Label in English') as HTMLElement, 'Sweep');
    await user.type(first?.getByLabelText('Label in Bengali') as HTMLElement, 'সুইপ');
    await user.selectOptions(first?.getByLabelText('Type') as HTMLElement, 'Number');
    await user.type(first?.getByLabelText('Unit') as HTMLElement, 'mm');
    await user.click(first?.getByRole('switch', { name: 'Required' }) as HTMLElement);
    await user.type(keys[1] as HTMLElement, 'kind');
    await user.type(second?.getByLabelText('Label in English') as HTMLElement, 'Kind');
    await user.type(second?.getByLabelText('Label in Bengali') as HTMLElement, 'ধরন');
    await user.selectOptions(second?.getByLabelText('Type') as HTMLElement, 'Choice');
    await user.type(second?.getByLabelText('Options') as HTMLElement, 'ceiling{Enter}table{Enter}');
    await user.click(form.getByRole('button', { name: 'Save category' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      nameEn: 'Fan',
      nameBn: 'ফ্যান',
      attributes: [
        { key: 'sweep_mm', labelEn: 'Sweep', labelBn: 'সুইপ', type: 'number', unit: 'mm', required: true },
        {
          key: 'kind',
          labelEn: 'Kind',
          labelBn: 'ধরন',
          type: 'choice',
          options: ['ceiling', 'table'],
          required: false,
        },
      ],
    });
    expect(await screen.findByText('Sweep, Kind')).toBeInTheDocument();
  });

  it('checks the rows before sending, and says a refusal of the server', async () => {
    const { posted } = categoriesOnServer();
    const { user } = await renderRoute('/categories', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = within(screen.getByRole('form', { name: 'New category' }));
    await user.type(form.getByLabelText('Name in English'), 'Air conditioner');
    await user.type(form.getByLabelText('Name in Bengali'), 'এসি');
    await user.click(form.getByRole('button', { name: 'Add attribute' }));
    await user.type(form.getByLabelText('Key'), 'Bad Key');
    await user.click(form.getByRole('button', { name: 'Save category' }));
    await waitFor(() => expect(form.getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true'));
    expect(form.getByLabelText('Label in English')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);
    await user.click(form.getByRole('button', { name: 'Remove attribute 1' }));
    await user.click(form.getByRole('button', { name: 'Save category' }));
    expect(await form.findByText('The category was not saved: A category has this name')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('deletes a category no item has; one that items have is refused, said in Bengali', async () => {
    const { deleted } = categoriesOnServer();
    const { user } = await renderRoute('/categories', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = within(screen.getByRole('form', { name: 'New category' }));
    await user.type(form.getByLabelText('Name in English'), 'Fan');
    await user.type(form.getByLabelText('Name in Bengali'), 'ফ্যান');
    await user.click(form.getByRole('button', { name: 'Save category' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Fan' }));
    expect(await screen.findByText('Fan deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Fan' })).toBeNull());
    expect(deleted).toEqual(['fan']);

    await activateLanguage('bn');
    await user.click(await screen.findByRole('button', { name: 'এয়ার কন্ডিশনার ডিলিট করুন' }));
    expect(
      await screen.findByText(
        'এয়ার কন্ডিশনার ডিলিট হয়নি: Air conditioner ক্যাটাগরিতে 12টি পণ্য আছে: আগে সেগুলো অন্য ক্যাটাগরিতে সরান',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'এয়ার কন্ডিশনার' })).toBeInTheDocument();
    expect(deleted).toEqual(['fan']);
  });

  it('is not a supplier’s: the page refuses them', async () => {
    server.use(meHandler('supplier'));
    await renderRoute('/categories', { user: testUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Air conditioner')).toBeNull();
  });

  it('is reached from the dashboard by those who manage categories, not by a viewer', async () => {
    await renderRoute('/dashboard', { user: testUser() });
    expect(await screen.findByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/categories');
    cleanup();
    server.use(meHandler('viewer'));
    await renderRoute('/dashboard', { user: testUser() });
    expect(await screen.findByRole('link', { name: 'Stock counts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Categories' })).toBeNull();
  });
});

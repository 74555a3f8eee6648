import { errorBody, locationFixture } from '@test/features/product-fixtures.ts';
import { meHandler, server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { Location } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language.ts';

const MAIN = locationFixture({ address: 'Tejgaon, Dhaka' });
const VAN = locationFixture({ id: 'l-van', name: 'Van 3', kind: 'vehicle', isDefault: false });

/** The locations as the server keeps them; every POST, PATCH and DELETE is recorded and applied. */
function locationsOnServer() {
  const locations: Location[] = [{ ...MAIN }, { ...VAN }];
  const sent: Array<{ method: string; id?: string; body?: unknown }> = [];
  server.use(
    http.get('/api/locations', () => HttpResponse.json(locations)),
    http.post('/api/locations', async ({ request }) => {
      const body = (await request.json()) as Pick<Location, 'name' | 'kind' | 'address'>;
      sent.push({ method: 'POST', body });
      const created = { id: `l-${locations.length + 1}`, active: true, isDefault: false, ...body };
      locations.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('/api/locations/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<Location>;
      sent.push({ method: 'PATCH', id: String(params.id), body });
      const location = locations.find((candidate) => candidate.id === params.id);
      if (!location) return HttpResponse.json(errorBody(404, 'Not Found', 'No location has this id'));
      Object.assign(location, body);
      return HttpResponse.json(location);
    }),
  );
  return { sent };
}

const row = (text: string) => {
  const found = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(text));
  if (!found) throw new Error(`no row with ${text}`);
  return within(found);
};

describe('the locations page', () => {
  afterEach(() => activateLanguage('en'));

  it('lists every location with its kind, address, status and the default marked; the navbar links it', async () => {
    locationsOnServer();
    await renderRoute('/locations', { user: testUser() });
    expect(await screen.findByText('Van 3')).toBeInTheDocument();
    expect(row('Main warehouse').getByText('Default')).toBeInTheDocument();
    expect(row('Main warehouse').getByText('Tejgaon, Dhaka')).toBeInTheDocument();
    expect(row('Van 3').getByText('Vehicle')).toBeInTheDocument();
    expect(row('Van 3').getByText('No address')).toBeInTheDocument();
    // The default location is renamed, never deactivated or deleted.
    expect(row('Main warehouse').queryByRole('button', { name: /Deactivate|Delete/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Locations- Walton Warehouse'));
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Locations' })).toHaveAttribute(
      'href',
      '/locations',
    );
  });

  it('adds a location (its name checked first), deactivates one and edits one, sending what changed', async () => {
    const { sent } = locationsOnServer();
    const { user } = await renderRoute('/locations', { user: testUser() });
    const form = within(await screen.findByRole('form', { name: 'Add a location' }));
    await user.click(form.getByRole('button', { name: 'Add location' }));
    expect(await form.findByText('Required')).toBeInTheDocument();
    await user.type(form.getByLabelText('Name'), '  Mirpur showroom ');
    await user.selectOptions(form.getByLabelText('Kind'), 'showroom');
    await user.click(form.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Location saved')).toBeInTheDocument();
    expect(await screen.findByText('Mirpur showroom')).toBeInTheDocument();
    // A new, empty form for the next one.
    expect(within(screen.getByRole('form', { name: 'Add a location' })).getByLabelText('Name')).toHaveValue(
      '',
    );

    await user.click(screen.getByRole('button', { name: 'Deactivate Van 3' }));
    expect(await screen.findByRole('button', { name: 'Activate Van 3' })).toBeInTheDocument();
    expect(row('Van 3').getByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Main warehouse' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), 'Gazipur');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gazipur')).toBeInTheDocument();

    expect(sent).toEqual([
      { method: 'POST', body: { name: 'Mirpur showroom', kind: 'showroom', address: '' } },
      { method: 'PATCH', id: 'l-van', body: { active: false } },
      {
        method: 'PATCH',
        id: 'l-main',
        body: { name: 'Main warehouse', kind: 'warehouse', address: 'Gazipur' },
      },
    ]);
  });

  it("says the server's refusal of a delete in Bengali", async () => {
    locationsOnServer();
    server.use(
      http.delete('/api/locations/:id', () =>
        HttpResponse.json(
          {
            ...errorBody(
              409,
              'Conflict',
              'Van 3 still holds stock: move it elsewhere first, or deactivate the location',
            ),
            code: 'LOCATION_HAS_STOCK',
            params: { location: 'Van 3' },
          },
          { status: 409 },
        ),
      ),
    );
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    const { user } = await renderRoute('/locations', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Van 3 ডিলিট করুন' }));
    expect(
      await screen.findByText(
        'Van 3-এর কিছু বদলানো হয়নি: Van 3-এ এখনো স্টক আছে: আগে অন্য কোথাও সরান, অথবা লোকেশনটি নিষ্ক্রিয় করুন',
      ),
    ).toBeInTheDocument();
  });

  it('shows a viewer the locations without the form or the buttons that change them', async () => {
    locationsOnServer();
    server.use(meHandler('viewer'));
    await renderRoute('/locations', { user: testUser() });
    expect(await screen.findByText('Van 3')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a location' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Deactivate|Delete/ })).toBeNull();
  });
});

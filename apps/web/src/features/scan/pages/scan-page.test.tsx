import { productFixture } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en/pages.json';

const CAMERA_MESSAGES = { insecure: english['camera.insecure'] };
const SCAN_TEXT = { manualInvalid: english['scan.manualInvalid'] };

describe('/scan without a camera (jsdom has no mediaDevices, as a page served over plain HTTP)', () => {
  it('says why, and a pasted label address or a typed id opens the item; anything else is refused', async () => {
    server.use(
      http.get('/api/product/:id', ({ params }) =>
        HttpResponse.json(productFixture({ _id: String(params.id), name: 'Walton Scanned AC', quentity: 4 })),
      ),
    );
    const { user } = await renderRoute('/scan', { user: testUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMERA_MESSAGES.insecure);
    expect(document.title).toBe('Scan- Walton Warehouse');

    const field = screen.getByLabelText('Type or paste the code');
    await user.type(field, 'https://elsewhere.example/manageItem/p-9');
    await user.click(screen.getByRole('button', { name: 'Open item' }));
    expect(await screen.findByText(SCAN_TEXT.manualInvalid)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, `${window.location.origin}/manageItem/p-9`);
    await user.click(screen.getByRole('button', { name: 'Open item' }));
    const item = await screen.findByRole('region', { name: 'Walton Scanned AC' });
    expect(item).toHaveTextContent('Quantity: 4');
    expect(screen.getByRole('button', { name: 'Delivered' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Scan next' }));
    await user.type(screen.getByLabelText('Type or paste the code'), 'p-10');
    await user.click(screen.getByRole('button', { name: 'Open item' }));
    expect(await screen.findByRole('region', { name: 'Walton Scanned AC' })).toBeVisible();
  });
});

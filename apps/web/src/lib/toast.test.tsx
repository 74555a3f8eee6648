import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { toast } from './toast.ts';

describe('toast', () => {
  it('shows the very first toast of a fresh page, raised before the container has loaded, under StrictMode', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <AppProvider>
          <button type="button" onClick={() => toast.warning('The first toast of the page')}>
            Raise
          </button>
        </AppProvider>
      </StrictMode>,
    );
    // Nothing has asked for the toast library yet: no container is mounted.
    expect(document.querySelector('.Toastify')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Raise' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first toast of the page');

    // Later toasts go straight to the mounted container.
    toast.success('And the next one');
    expect(await screen.findByText('And the next one')).toBeVisible();
  });
});

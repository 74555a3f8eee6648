import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render-route.tsx';

// Its own file: the session store is fresh here, exactly as on a first page load.
it('shows the auth-resolving indicator until the session is known', async () => {
  let answer: (() => void) | undefined;
  server.use(
    http.get('/api/auth/get-session', async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return HttpResponse.json(null);
    }),
  );
  await renderRoute('/manageItem', { pendingSession: true });
  expect(await screen.findAllByText('Checking your sign-in…')).not.toHaveLength(0);
  await waitFor(() => expect(answer).toBeDefined());
  answer?.();
  expect(
    await within(screen.getByRole('navigation')).findByRole('link', { name: 'Login' }),
  ).toBeInTheDocument();
  expect(screen.queryByText('Checking your sign-in…')).not.toBeInTheDocument();
});

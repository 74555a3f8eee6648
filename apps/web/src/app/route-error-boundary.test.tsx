import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';

// A page whose code throws while rendering, standing in for any broken page.
vi.mock('../features/blog/pages/blog-page.tsx', () => ({
  default: function BrokenPage(): never {
    throw new Error('Blog exploded');
  },
}));

it('shows a failing page as an error with a reload button, keeps the layout, and recovers on navigation', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user } = await renderRoute('/blog');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Something went wrong');
  expect(alert).toHaveTextContent('Blog exploded');
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  expect(screen.getByRole('navigation')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Walton Warehouse home' }));
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Beat the Bangladesh heat');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
});

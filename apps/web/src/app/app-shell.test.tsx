import { screen, waitFor, within } from '@testing-library/react';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, testUser } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render-route.tsx';

function navigation() {
  return screen.getByRole('navigation');
}

describe('navbar', () => {
  it('shows Login and no Logout when nobody is signed in', async () => {
    await renderRoute('/blog');
    const nav = navigation();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows a Logout button instead of Login when signed in, and signing out brings Login back', async () => {
    let signedOut = false;
    server.use(
      http.post('/api/auth/sign-out', () => {
        signedOut = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = await renderRoute('/blog', { user: testUser() });
    const nav = navigation();
    const logout = await within(nav).findByRole('button', { name: 'Logout' });
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    localStorage.setItem('accessToken', 'token-of-the-previous-user');
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    await user.click(logout);

    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(signedOut).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('links every item page for everyone, and the brand logo goes home', async () => {
    await renderRoute('/blog');
    const nav = navigation();
    const expected: Array<[string, string]> = [
      ['Manage Items', '/manageItem'],
      ['Add Item', '/addItem'],
      ['My items', '/myItem'],
      ['Blog', '/blog'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Walton Warehouse home' })).toHaveAttribute('href', '/');
  });
  it('opens and closes its collapsed menu from the keyboard, and closes after choosing a link', async () => {
    const { user, route } = await renderRoute('/');
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('show');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('show');

    await user.tab();
    expect(within(navigation()).getByRole('link', { name: 'Manage Items' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(navigation()).getByRole('link', { name: 'Blog' }));
    expect(route().location.pathname).toBe('/blog');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(navigation()).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('protected routes', () => {
  it.each(['/manageItem', '/manageItem/abc123', '/addItem', '/myItem'])(
    'sends an anonymous visitor of %s to /login, replacing the entry and remembering the origin',
    async (path) => {
      const { route } = await renderRoute(`${path}?page=2#top`);
      await waitFor(() => expect(route().location.pathname).toBe('/login'));
      expect(route().navigationType).toBe('REPLACE');
      expect(route().location.state).toMatchObject({
        from: { pathname: path, search: '?page=2', hash: '#top' },
      });
    },
  );

  it('lets a signed-in user in', async () => {
    const { route } = await renderRoute('/addItem', { user: testUser() });
    await waitFor(() => expect(document.title).toBe('Add Item- Walton Warehouse'));
    expect(route().location.pathname).toBe('/addItem');
  });
});

describe('page titles', () => {
  it.each([
    ['/', 'Home- Walton Warehouse'],
    ['/manageItem', 'Manage Item- Walton Warehouse'],
    ['/manageItem/abc123', 'Details- Walton Warehouse'],
    ['/addItem', 'Add Item- Walton Warehouse'],
    ['/myItem', 'My Item- Walton Warehouse'],
    ['/login', 'Login- Walton Warehouse'],
    ['/register', 'Register- Walton Warehouse'],
    ['/blog', 'Blog- Walton Warehouse'],
    ['/reset-password', 'Reset Password- Walton Warehouse'],
    ['/verify-email', 'Verify Email- Walton Warehouse'],
    ['/no/such/page', 'Not Found- Walton Warehouse'],
  ])('%s is titled "%s"', async (path, expected) => {
    await renderRoute(path, { user: testUser() });
    await waitFor(() => expect(document.title).toBe(expected));
  });

  it('a redirected visitor sees the Login title', async () => {
    await renderRoute('/myItem');
    await waitFor(() => expect(document.title).toBe('Login- Walton Warehouse'));
  });
});

describe('footer', () => {
  it('is on every page with the opening hours exactly as written', async () => {
    for (const path of ['/', '/blog', '/nowhere']) {
      const { unmount } = await renderRoute(path);
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByText(SPEC_TEXT.openingHours).textContent).toBe('8.00AM - 21.00AM');
      for (const heading of ['Customer service', 'Information', 'About us', 'Contact']) {
        expect(within(footer).getByRole('heading', { name: heading })).toBeInTheDocument();
      }
      unmount();
    }
  });
});

describe('not found', () => {
  it('shows the not-found image for an unknown path', async () => {
    await renderRoute('/this/does/not/exist');
    const image = await screen.findByRole('img', { name: /page not found/i });
    expect(image).toHaveAttribute('src', '/images/not-found.svg');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });
});

import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { Spinner } from '../../components/spinner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNavbar } from './site-navbar.tsx';

export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof Reflect.get(handle, 'title') === 'string';
}

/** The deepest matched route's title, so every route (and the /login redirect) gets the right one. */
function useRouteTitle(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return 'Home';
}

/** Navbar, the current page (its code loads on demand behind the spinner) and the footer. */
export function RootLayout() {
  usePageTitle(useRouteTitle());
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <SiteNavbar />
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { RouteErrorBoundary } from '../route-error-boundary.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNavbar } from './site-navbar.tsx';

/** Moving to another page starts it at the top, unless the address points at an anchor on it. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * While a page's code loads: the spinner, in an area at least a screen tall so the footer stays
 * below the fold instead of jumping down when the page arrives (no layout shift).
 */
function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}

/** Navbar, the current page (its code loads on demand behind the spinner) and the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <SiteNavbar />
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

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

/** Navbar, the current page (its code loads on demand behind the spinner) and the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  return (
    <>
      <a href="#main-content" className="visually-hidden-focusable skip-link d-print-none">
        Skip to main content
      </a>
      <SiteNavbar />
      {/* At least a screen tall (styles.css), so the footer never moves when a page arrives late. */}
      <main id="main-content" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}

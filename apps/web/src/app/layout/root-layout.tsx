import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { loadPageMessages, useTranslate } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { RouteErrorBoundary } from '../route-error-boundary.tsx';
import { useLanguageOnServer } from './language-on-server.ts';
import { useLanguageSync } from './language-sync.ts';
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

// Signed-in users only (as the navbar's connection status): see site-navbar.tsx.
const OfflineNotice = lazy(() =>
  Promise.all([import('../../features/offline/offline-status.tsx'), loadPageMessages()]).then(([module]) => ({
    default: module.OfflineNotice,
  })),
);

/** Navbar (and, offline, what the data shown dates from), the current page (its code loads on demand behind the spinner) and the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  useLanguageSync();
  useLanguageOnServer();
  const t = useTranslate();
  const { user } = useSession();
  return (
    <>
      <a href="#main-content" className="visually-hidden-focusable skip-link d-print-none">
        {t('layout.skipToContent')}
      </a>
      <SiteNavbar />
      {user && (
        <Suspense fallback={null}>
          <OfflineNotice />
        </Suspense>
      )}
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

import { useQueryClient } from '@tanstack/react-query';
import type { Action } from '@walton/contract';
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AuthResolving } from '../../components/auth-resolving.tsx';
import { paths } from '../../config/paths.ts';
import { useLowStockCount } from '../../entities/products/api/get-low-stock-count.ts';
import { useFormatters } from '../../i18n/format.ts';
import { loadPageMessages, type MessageKey, useLanguage, useTranslate } from '../../i18n/i18n.ts';
import { localisedPath } from '../../i18n/language.ts';
import { useAccess } from '../../lib/me.ts';
import { signOut, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

interface NavTarget {
  to: string;
  label: MessageKey;
}

const ITEM_LINKS = [
  { to: paths.manageItems, label: 'nav.manageItems' },
  { to: paths.addItem, label: 'nav.addItem' },
  { to: paths.myItems, label: 'nav.myItems' },
  { to: paths.blog, label: 'nav.blog' },
] as const satisfies ReadonlyArray<NavTarget>;

/**
 * Links only a signed-in user sees (before the low-stock count), each when the user's role may open
 * its page: the dashboard is not a supplier's, the accounts page is the admins'.
 */
const SIGNED_IN_LINKS = [
  { to: paths.dashboard, label: 'nav.dashboard', action: 'dashboard.read' },
  { to: paths.scan, label: 'nav.scan', action: 'inventory.read' },
  { to: paths.locations, label: 'nav.locations', action: 'inventory.read' },
  { to: paths.settings, label: 'nav.settings', action: 'settings.own' },
  { to: paths.users, label: 'nav.users', action: 'users.manage' },
] as const satisfies ReadonlyArray<NavTarget & { action: Action }>;

const MENU_ID = 'site-navbar-links';

// Offline mode's code (the device's storage, the queue) loads for signed-in users only: never on a
// visitor's landing page (its JavaScript budget).
const OfflineStatus = lazy(() =>
  Promise.all([import('../../features/offline/offline-status.tsx'), loadPageMessages()]).then(([module]) => ({
    default: module.OfflineStatus,
  })),
);

/** How many items are low on stock, kept current by the change feed (signed-in users only). */
function LowStockCount() {
  const { data: count } = useLowStockCount(true);
  const t = useTranslate();
  const format = useFormatters();
  if (count === undefined) return null;
  return (
    <span className="navbar-text" role="status" data-testid="low-stock-count">
      {t('nav.lowStock')} <span className="badge text-bg-warning">{format.count(count)}</span>
    </span>
  );
}

/**
 * Sticky top navigation that collapses below the lg breakpoint (992 px) behind a toggle button.
 * Item links are shown to everyone; the last slot is Login when signed out and a Logout button
 * when signed in. Plain Bootstrap markup (no JS component library) keeps it light on the landing page.
 */
export function SiteNavbar() {
  // A session that could not be read is no sign-out: the navbar keeps saying it is checking.
  const { user, isPending, unavailable } = useSession();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const toggler = useRef<HTMLButtonElement>(null);
  const t = useTranslate();
  const language = useLanguage();
  const may = useAccess();

  const collapse = () => setExpanded(false);
  const navItem = (link: NavTarget) => (
    <li className="nav-item" key={link.to}>
      <NavLink to={localisedPath(link.to, language)} className="nav-link" onClick={collapse}>
        {t(link.label)}
      </NavLink>
    </li>
  );

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !expanded) return;
    setExpanded(false);
    toggler.current?.focus();
  }

  async function handleLogout() {
    setSigningOut(true);
    try {
      // Also forgets everything fetched for this user: none of it may be shown to whoever is next.
      await signOut(queryClient);
      collapse();
    } catch {
      toast.error(t('nav.logoutFailed'));
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <nav
      className="navbar navbar-expand-lg sticky-top bg-dark site-navbar d-print-none"
      data-bs-theme="dark"
      aria-label={t('nav.label')}
      onKeyDown={closeOnEscape}
    >
      <div className="container">
        <Link to={localisedPath(paths.home, language)} className="navbar-brand py-0" onClick={collapse}>
          <img src="/images/logo.svg" width={168} height={40} alt={t('nav.logoAlt')} />
        </Link>
        <button
          ref={toggler}
          type="button"
          className="navbar-toggler"
          aria-controls={MENU_ID}
          aria-expanded={expanded}
          aria-label={t('nav.toggle')}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id={MENU_ID} className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
            {ITEM_LINKS.map(navItem)}
            {user && (
              <>
                {SIGNED_IN_LINKS.filter((link) => may(link.action)).map(navItem)}
                {/* The connection's dot sits on this item's corner: the navbar stays one line (layout.spec). */}
                <li className="nav-item ms-lg-2 position-relative">
                  <LowStockCount />
                  <Suspense fallback={null}>
                    <OfflineStatus userId={user.id} />
                  </Suspense>
                </li>
              </>
            )}
            <li className="nav-item ms-lg-2 py-2 py-lg-0 site-navbar-auth">
              {isPending || (!user && unavailable) ? (
                <AuthResolving compact />
              ) : user ? (
                <button
                  type="button"
                  className="btn btn-outline-light"
                  onClick={handleLogout}
                  disabled={signingOut}
                >
                  {t('nav.logout')}
                </button>
              ) : (
                <NavLink to={paths.login} className="nav-link" onClick={collapse}>
                  {t('nav.login')}
                </NavLink>
              )}
            </li>
            <li className="nav-item ms-lg-2 py-2 py-lg-0">
              <LanguageSwitcher onChosen={collapse} />
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AuthResolving } from '../../components/auth-resolving.tsx';
import { paths } from '../../config/paths.ts';
import { useLowStockCount } from '../../features/inventory/api/get-low-stock-count.ts';
import { signOut, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

const ITEM_LINKS = [
  { to: paths.manageItems, label: 'Manage Items' },
  { to: paths.addItem, label: 'Add Item' },
  { to: paths.myItems, label: 'My items' },
  { to: paths.blog, label: 'Blog' },
] as const;

const MENU_ID = 'site-navbar-links';

/** How many items are low on stock, kept current by the change feed (signed-in users only). */
function LowStockCount() {
  const { data: count } = useLowStockCount(true);
  if (count === undefined) return null;
  return (
    <span className="navbar-text" role="status" data-testid="low-stock-count">
      Low stock <span className="badge text-bg-warning">{count}</span>
    </span>
  );
}

/**
 * Sticky top navigation that collapses below the lg breakpoint (992 px) behind a toggle button.
 * Item links are shown to everyone; the last slot is Login when signed out and a Logout button
 * when signed in. Plain Bootstrap markup (no JS component library) keeps it light on the landing page.
 */
export function SiteNavbar() {
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const toggler = useRef<HTMLButtonElement>(null);

  const collapse = () => setExpanded(false);

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
      toast.error('Could not sign you out. Please check your connection and try again.');
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <nav
      className="navbar navbar-expand-lg sticky-top bg-dark site-navbar d-print-none"
      data-bs-theme="dark"
      aria-label="Main"
      onKeyDown={closeOnEscape}
    >
      <div className="container">
        <Link to={paths.home} className="navbar-brand py-0" onClick={collapse}>
          <img src="/images/logo.svg" width={168} height={40} alt="Walton Warehouse home" />
        </Link>
        <button
          ref={toggler}
          type="button"
          className="navbar-toggler"
          aria-controls={MENU_ID}
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id={MENU_ID} className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
            {ITEM_LINKS.map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink to={link.to} className="nav-link" onClick={collapse}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {user && (
              <>
                <li className="nav-item">
                  <NavLink to={paths.dashboard} className="nav-link" onClick={collapse}>
                    Dashboard
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink to={paths.scan} className="nav-link" onClick={collapse}>
                    Scan
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink to={paths.settings} className="nav-link" onClick={collapse}>
                    Settings
                  </NavLink>
                </li>
                <li className="nav-item ms-lg-2">
                  <LowStockCount />
                </li>
              </>
            )}
            <li className="nav-item ms-lg-2 py-2 py-lg-0 site-navbar-auth">
              {isPending ? (
                <AuthResolving compact />
              ) : user ? (
                <button
                  type="button"
                  className="btn btn-outline-light"
                  onClick={handleLogout}
                  disabled={signingOut}
                >
                  Logout
                </button>
              ) : (
                <NavLink to={paths.login} className="nav-link" onClick={collapse}>
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}

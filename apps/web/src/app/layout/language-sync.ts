import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activateLanguage, useLanguage } from '../../i18n/i18n.ts';
import {
  isLocalisedPage,
  languageOfPath,
  localisedPath,
  preferredLanguage,
  storeLanguage,
} from '../../i18n/language.ts';

/**
 * Keeps the active language and the address in step: an address that names a language (`/bn/…`,
 * from a search result or a shared link) makes it the chosen one; otherwise the remembered choice (or
 * the browser's) applies, and a public page is shown at its address in that language (`/` → `/bn/`).
 */
export function useLanguageSync(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const active = useLanguage();
  useEffect(() => {
    const named = languageOfPath(pathname);
    if (named) storeLanguage(named);
    const wanted = named ?? preferredLanguage(pathname);
    if (wanted !== active) {
      void activateLanguage(wanted);
      return;
    }
    if (isLocalisedPage(pathname)) {
      const address = localisedPath(pathname, active);
      if (address !== pathname) void navigate(`${address}${search}${hash}`, { replace: true });
    }
  }, [pathname, search, hash, active, navigate]);
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activateLanguage, currentLanguage } from '../../i18n/i18n.ts';
import {
  isLocalisedPage,
  languageOfPath,
  localisedPath,
  preferredLanguage,
  storeLanguage,
} from '../../i18n/language.ts';

/**
 * On arriving at an address, puts the language and the address in step: an address that names a
 * language (`/bn/…`, from a search result or a shared link) makes it the chosen one; otherwise the
 * remembered choice (or the browser's) applies, and a public page moves to its address in that
 * language (`/` → `/bn/`). Only arrivals count: the switcher changes both itself.
 */
export function useLanguageSync(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const arrivedAt = useRef<string | null>(null);
  useEffect(() => {
    if (arrivedAt.current === pathname) return;
    arrivedAt.current = pathname;
    const named = languageOfPath(pathname);
    if (named) storeLanguage(named);
    const wanted = named ?? preferredLanguage(pathname);
    const moveToItsAddress = () => {
      const address = localisedPath(pathname, wanted);
      if (isLocalisedPage(pathname) && address !== pathname) {
        void navigate(`${address}${search}${hash}`, { replace: true });
      }
    };
    if (wanted === currentLanguage()) moveToItsAddress();
    else void activateLanguage(wanted).then(moveToItsAddress);
  }, [pathname, search, hash, navigate]);
}

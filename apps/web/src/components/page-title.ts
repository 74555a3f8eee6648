import { createContext, useContext, useEffect } from 'react';
import { type MessageKey, useTranslate } from '../i18n/i18n.ts';

/**
 * Where a build-time render (src/prerender.tsx) notes the title of the page it renders, since effects
 * do not run there. In the browser nobody provides it.
 */
export const PageTitleRecorder = createContext<((title: string) => void) | null>(null);

/**
 * Sets the document title for as long as the calling page is shown, in the spec's pattern
 * `{page title}- {product name} Warehouse` (written in the active language).
 */
export function usePageTitle(pageTitle: MessageKey): void {
  const t = useTranslate();
  const title = t('page.title', { title: t(pageTitle) });
  useContext(PageTitleRecorder)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

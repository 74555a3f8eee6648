import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type MessageKey, useTranslate } from '../i18n/i18n.ts';

/**
 * Where a build-time render (src/prerender.tsx) notes the title of the page it renders, since effects
 * do not run there. In the browser nobody provides it.
 */
export const PageTitleRecorder = createContext<((title: string) => void) | null>(null);

/** How a component inside a TitledPage claims the page's title (null gives it back). */
const TitleClaim = createContext<((title: string | null) => void) | null>(null);

/** `pageTitle` in the spec's pattern `{page title}- {product name} Warehouse`, in the active language. */
function useTitleText(pageTitle: MessageKey): string {
  const t = useTranslate();
  const title = t('page.title', { title: t(pageTitle) });
  // Render order is parent first, so a nested claim is what a build-time render notes last.
  useContext(PageTitleRecorder)?.(title);
  return title;
}

/**
 * A route's page: the one owner of the document title while it is shown. The title is `title`,
 * unless a component inside claims it with usePageTitle, for as long as that component is there.
 */
export function TitledPage({ title, children }: { title: MessageKey; children: ReactNode }) {
  const own = useTitleText(title);
  const [claimed, setClaimed] = useState<string | null>(null);
  const shown = claimed ?? own;
  useEffect(() => {
    document.title = shown;
  }, [shown]);
  return <TitleClaim value={setClaimed}>{children}</TitleClaim>;
}

/**
 * Titles the enclosing TitledPage `pageTitle` instead of its own title, for as long as the calling
 * component is shown (a page that says it is not the user's, say).
 */
export function usePageTitle(pageTitle: MessageKey): void {
  const title = useTitleText(pageTitle);
  const claim = useContext(TitleClaim);
  if (!claim) throw new Error('usePageTitle is used outside a TitledPage');
  useEffect(() => {
    claim(title);
    return () => claim(null);
  }, [claim, title]);
}

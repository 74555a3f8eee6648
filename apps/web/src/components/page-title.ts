import { BRAND_NAME } from '@walton/contract';
import { createContext, useContext, useEffect } from 'react';

/** The spec's title pattern: `{page title}- {product name} Warehouse`. */
export function formatPageTitle(pageTitle: string): string {
  return `${pageTitle}- ${BRAND_NAME} Warehouse`;
}

/**
 * Where a build-time render (src/prerender.tsx) notes the title of the page it renders, since effects
 * do not run there. In the browser nobody provides it.
 */
export const PageTitleRecorder = createContext<((title: string) => void) | null>(null);

/** Sets the document title for as long as the calling page is shown. */
export function usePageTitle(pageTitle: string): void {
  useContext(PageTitleRecorder)?.(formatPageTitle(pageTitle));
  useEffect(() => {
    document.title = formatPageTitle(pageTitle);
  }, [pageTitle]);
}

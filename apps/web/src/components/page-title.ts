import { BRAND_NAME } from '@walton/contract';
import { useEffect } from 'react';

/** The spec's title pattern: `{page title}- {product name} Warehouse`. */
export function formatPageTitle(pageTitle: string): string {
  return `${pageTitle}- ${BRAND_NAME} Warehouse`;
}

/** Sets the document title for as long as the calling page is shown. */
export function usePageTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = formatPageTitle(pageTitle);
  }, [pageTitle]);
}

import { useQuery } from '@tanstack/react-query';
import { type Language, LIST_MAX_LIMIT, type Product } from '@walton/contract';
import DOMPurify from 'dompurify';
import { getProduct } from '@/entities/products/api/get-product.ts';
import { type ProductPage, productListQuery } from '@/entities/products/api/get-products.ts';
import type { ProductListParams } from '@/entities/products/api/product-keys.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { ApiRequestError, apiText } from '@/lib/api-client.ts';

/** Which items get labels: every live item, those a search finds, or the ones ticked in the manage table. */
export type LabelChoice = { kind: 'all' } | { kind: 'search'; q: string } | { kind: 'ids'; ids: string[] };

export interface LabelItems {
  items: Product[];
  /** How many items matched; above `items.length` when only the first LIST_MAX_LIMIT get labels. */
  total: number;
  /** Chosen ids that name no live item (deleted meanwhile, or mistyped). */
  missing: string[];
}

/** The listing's page as the labels page reads it: every chosen item was found. */
const fromPage = ({ items, total }: ProductPage): LabelItems => ({ items, total, missing: [] });

/** GET /api/product/:id for each chosen id, in the order chosen; unknown ids are reported, not fatal. */
async function chosenItems(ids: string[]): Promise<LabelItems> {
  const chosen = ids.slice(0, LIST_MAX_LIMIT);
  const answers = await Promise.all(
    chosen.map(async (id) => {
      try {
        return await getProduct(id);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return id;
        throw error;
      }
    }),
  );
  return {
    items: answers.filter((answer): answer is Product => typeof answer !== 'string'),
    total: ids.length,
    missing: answers.filter((answer): answer is string => typeof answer === 'string'),
  };
}

/**
 * All items or a search's: the first LIST_MAX_LIMIT by name, read through the products listing's own
 * query (the same key and cache policy as the other lists); ticked items: each one by id.
 */
export function useLabelItems(choice: LabelChoice) {
  const params: ProductListParams = { limit: LIST_MAX_LIMIT, sort: 'name' };
  if (choice.kind === 'search' && choice.q) params.q = choice.q;
  const listing = useQuery({
    ...productListQuery(params, productListSchema),
    select: fromPage,
    enabled: choice.kind !== 'ids',
  });
  const ids = choice.kind === 'ids' ? choice.ids : [];
  const chosen = useQuery({
    queryKey: ['labels', ids],
    queryFn: () => chosenItems(ids),
    enabled: choice.kind === 'ids',
  });
  return choice.kind === 'ids' ? chosen : listing;
}

/** The server's printable label of an item, its price in `language` (GET /api/product/:id/label.svg). */
const labelPath = (id: string, language: Language): string =>
  `/product/${encodeURIComponent(id)}/label.svg?lang=${language}`;

/**
 * The label as an SVG element of this document, drawn inline so that its text uses the fonts the page
 * has loaded (an SVG shown as an image sees none of them, and Bengali would print as boxes without a
 * system font). Only the drawing is kept (DOMPurify's SVG profile): nothing that could run or fetch (scripts, foreign objects,
 * links, event attributes) survives, whatever the answer holds.
 */
export function labelDrawing(markup: string): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  if (
    !(parsed.documentElement instanceof SVGSVGElement) ||
    parsed.getElementsByTagName('parsererror').length > 0
  ) {
    return null;
  }
  const clean = DOMPurify.sanitize(markup, {
    USE_PROFILES: { svg: true },
    FORBID_TAGS: ['a', 'image', 'use', 'style', 'title'],
    FORBID_ATTR: ['href', 'xlink:href'],
    RETURN_DOM_FRAGMENT: true,
  });
  const drawing = clean.firstElementChild;
  if (!(drawing instanceof SVGSVGElement)) return null;
  drawing.setAttribute('aria-hidden', 'true');
  drawing.setAttribute('focusable', 'false');
  return document.importNode(drawing, true);
}

/** The label's SVG markup; asked again when the item changes (its version) or the language does. */
export function useLabelMarkup(product: Product, language: Language) {
  return useQuery({
    queryKey: ['label', product._id, product.version, language],
    queryFn: () => apiText(labelPath(product._id, language)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

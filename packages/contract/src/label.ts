import { CURRENCY_LABEL } from './constants.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';

/** Where the web app shows one item; a label's QR code holds PUBLIC_URL followed by this path. */
export const PRODUCT_PAGE_PREFIX = '/manageItem/';

/** The web app's address of one item, relative to its origin. */
export const productPagePath = (id: string): string => `${PRODUCT_PAGE_PREFIX}${encodeURIComponent(id)}`;

const priceAmount = /* @__PURE__ */ new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const bengaliMoney = /* @__PURE__ */ new Intl.NumberFormat('bn-BD', {
  style: 'currency',
  currency: 'BDT',
  trailingZeroDisplay: 'stripIfInteger',
});

/**
 * A price as `language` writes it, on screens and on printed labels alike (the one owner of money
 * formatting): the spec's label in English, `BDT $` followed by the amount; Intl's ৳ with Bengali
 * digits in Bengali.
 */
export const formatPrice = (price: number, language: Language = DEFAULT_LANGUAGE): string =>
  language === 'bn' ? bengaliMoney.format(price) : `${CURRENCY_LABEL} $${priceAmount.format(price)}`;

/**
 * The item a scanned or typed code names: our item page's address at `origin` (what a label holds),
 * the same path without the origin, or a bare id. Null for anything else, such as another site's
 * address or text with spaces.
 */
export function productIdFromCode(code: string, origin: string): string | null {
  const text = code.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  const looksLikeAddress = text.includes('/') || /^[a-z][a-z\d+.-]*:/i.test(text);
  if (!looksLikeAddress) return /^[\w-]{1,100}$/.test(text) ? text : null;
  if (url.origin !== origin || !url.pathname.startsWith(PRODUCT_PAGE_PREFIX)) return null;
  const rest = url.pathname.slice(PRODUCT_PAGE_PREFIX.length);
  if (rest === '' || rest.includes('/')) return null;
  try {
    const id = decodeURIComponent(rest);
    return id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

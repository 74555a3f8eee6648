/** Business constants shared by the server and the web app (spec section 9). */
export const HOME_PRODUCT_COUNT = 6;
export const MONEY_BACK_DAYS = 30;
export const DELIVERY_DECREMENT = 1;
export const CURRENCY_LABEL = 'BDT';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const SPINNER_HEIGHT_PX = 500;
export const BRAND_NAME = 'Walton';

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 500;
/** The deepest `offset` an anonymous list read may ask for; deeper pages are reached with cursors (`after`). */
export const ANONYMOUS_OFFSET_MAX = 1000;
/**
 * The most units of one item: a million, far beyond any warehouse's stock of one model, and low enough
 * that the dashboard's exact stock value (Σ price × quantity in paisa, 64-bit roll-ups) cannot overflow
 * for hundreds of items at the highest price.
 */
export const MAX_QUANTITY = 1_000_000;
export const MAX_PRICE = 99_999_999.99;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Where the server serves product pictures from; an `img` may point here instead of http(s). */
export const PRODUCT_IMAGE_PATH_PREFIX = '/images/';

// Photos uploaded for items (issue 40): where they are served and what an upload answers. Plain
// data, no zod: the product schemas check an `img` against PHOTO_PATH without loading more.

/** Where the server serves uploaded photos; an item's `img` may be `PHOTO_PATH_PREFIX<id>`. */
export const PHOTO_PATH_PREFIX = '/api/photos/';

/** A photo's id: the SHA-256 of its stored bytes, as 64 lower-case hex digits (content-addressed). */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{64}$/;

/** The longest side, in pixels, of a photo's thumbnail (for lists). */
export const PHOTO_THUMBNAIL_SIZE = 320;

/** The longest side, in pixels, the web app shrinks a photo to before it uploads it. */
export const PHOTO_UPLOAD_SIZE = 1600;

/** The content types an upload may declare; the server decides by the bytes, not by these. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

/** The address of an uploaded photo, relative to the server's origin. */
export const photoPath = (id: string): string => `${PHOTO_PATH_PREFIX}${id}`;

/** The address of an uploaded photo's thumbnail. */
export const photoThumbnailPath = (id: string): string => `${photoPath(id)}/thumbnail`;

/** Whether an `img` is the address of an uploaded photo (not any other path under /api). */
export const isPhotoPath = (value: string): boolean =>
  value.startsWith(PHOTO_PATH_PREFIX) && PHOTO_ID_PATTERN.test(value.slice(PHOTO_PATH_PREFIX.length));

/**
 * The address a list shows for an item's picture: an uploaded photo's thumbnail, any other
 * picture as it is.
 */
export const listImagePath = (img: string): string =>
  isPhotoPath(img) ? photoThumbnailPath(img.slice(PHOTO_PATH_PREFIX.length)) : img;

/** What POST /api/photos answers: the stored photo, where it and its thumbnail are served. */
export interface PhotoUpload {
  id: string;
  /** The photo's address, for an item's `img`. */
  url: string;
  thumbnailUrl: string;
  contentType: (typeof PHOTO_UPLOAD_TYPES)[number];
  width: number;
  height: number;
  /** The stored photo's size in bytes (after its metadata was stripped). */
  bytes: number;
}

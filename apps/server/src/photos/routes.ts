import {
  apiErrorSchema,
  PHOTO_ID_PATTERN,
  PHOTO_THUMBNAIL_SIZE,
  PHOTO_UPLOAD_TYPES,
  type PhotoUpload,
  photoPath,
  photoThumbnailPath,
} from '@walton/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { HttpError } from '../http/http-error.ts';
import { changeErrors, serverError } from '../http/route-errors.ts';
import type { PhotoStore, PhotoVariant } from './photo-store.ts';
import { type PhotoLimits, processPhoto, tooLarge } from './process-photo.ts';

export interface PhotoRoutesOptions {
  store: PhotoStore;
  limits: PhotoLimits;
  clock: Clock;
}

/**
 * A photo never changes under its id (the hash of its bytes): kept by browsers and caches for a
 * year without asking again. `nosniff` and a CSP that allows nothing: an image, never a document.
 */
const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

const photoParams = z.object({
  id: z.string().regex(PHOTO_ID_PATTERN).describe('The SHA-256 of the photo, in hex'),
});

const uploadSchema = z.object({
  id: z.string(),
  url: z.string().describe("The photo's address: put it in an item's `img`"),
  thumbnailUrl: z.string().describe(`A JPEG of at most ${PHOTO_THUMBNAIL_SIZE} px a side, for lists`),
  contentType: z.enum(PHOTO_UPLOAD_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe("The stored photo's size, without its metadata"),
}) satisfies z.ZodType<PhotoUpload>;

const imageContent = (description: string) => ({
  description,
  content: Object.fromEntries(PHOTO_UPLOAD_TYPES.map((type) => [type, { schema: z.string() }])),
});

/** HTTP only: the upload, and the photos and thumbnails it stored. */
export const photoRoutes: FastifyPluginAsyncZod<PhotoRoutesOptions> = async (
  app,
  { store, limits, clock },
) => {
  // Any image/* body, read whole up to the limit (refused with a 413 that says it beyond): which
  // image it is, the bytes say (processPhoto).
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, (request, payload, done) => {
    if (Number(request.headers['content-length'] ?? 0) > limits.maxBytes) {
      payload.resume();
      done(tooLarge(limits.maxBytes), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limits.maxBytes) {
        refused = true;
        done(tooLarge(limits.maxBytes), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!refused) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!refused) done(error, undefined);
    });
  });

  app.post(
    '/photos',
    {
      bodyLimit: limits.maxBytes,
      config: { access: 'session', action: 'item.create' },
      schema: {
        operationId: 'uploadPhoto',
        tags: ['photos'],
        summary: 'Upload a photo for an item',
        description:
          `The photo as the body, \`Content-Type: ${PHOTO_UPLOAD_TYPES.join('` or `')}\` (any \`image/*\` is read; ` +
          'what it is, its bytes decide, not its name or declared type), at most `PHOTO_MAX_BYTES` (413 ' +
          '`PHOTO_TOO_LARGE`). Its size is read from its header before a pixel is decoded: more than ' +
          '`PHOTO_MAX_PIXELS` is refused (413 `PHOTO_TOO_MANY_PIXELS`, a decompression bomb); anything but ' +
          'a readable JPEG or PNG is 415 `PHOTO_NOT_IMAGE`. The photo is decoded (a JPEG turned upright as ' +
          'its EXIF Orientation says) and encoded again, which ' +
          'drops all its metadata (EXIF with GPS, XMP, comments), and gets a JPEG thumbnail of at most ' +
          `${PHOTO_THUMBNAIL_SIZE} px a side. Its id is the SHA-256 of the stored bytes: the same photo ` +
          'uploaded twice is stored once. Put `url` in an item’s `img`. Nothing is stored when refused.',
        consumes: [...PHOTO_UPLOAD_TYPES],
        response: {
          201: uploadSchema.describe('The stored photo and where it and its thumbnail are served'),
          ...changeErrors,
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new HttpError(415, 'PHOTO_NO_FILE');
      }
      const photo = processPhoto(request.body, limits);
      await store.save(photo, clock());
      const answer: PhotoUpload = {
        id: photo.id,
        url: photoPath(photo.id),
        thumbnailUrl: photoThumbnailPath(photo.id),
        contentType: photo.contentType,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes.length,
      };
      return reply.code(201).header('location', answer.url).send(answer);
    },
  );

  const serve = async (reply: FastifyReply, id: string, variant: PhotoVariant) => {
    const image = await store.read(id, variant);
    if (!image) throw new HttpError(404, 'PHOTO_NOT_FOUND');
    return reply
      .headers({ ...IMAGE_HEADERS, 'content-type': image.contentType, etag: `"${id}"` })
      .send(image.bytes);
  };

  app.get(
    '/photos/:id',
    {
      config: { access: 'public', action: 'inventory.read' },
      schema: {
        operationId: 'getPhoto',
        tags: ['photos'],
        summary: 'An uploaded photo',
        description:
          'The photo as stored (JPEG or PNG, without metadata), cacheable for a year: it never changes.',
        params: photoParams,
        response: {
          200: imageContent('The photo'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...serverError,
        },
      },
    },
    async (request, reply) => serve(reply, request.params.id, 'photo'),
  );

  app.get(
    '/photos/:id/thumbnail',
    {
      config: { access: 'public', action: 'inventory.read' },
      schema: {
        operationId: 'getPhotoThumbnail',
        tags: ['photos'],
        summary: "An uploaded photo's thumbnail",
        description: `A JPEG of at most ${PHOTO_THUMBNAIL_SIZE} px a side, for lists; cacheable for a year.`,
        params: photoParams,
        response: {
          200: { description: 'The thumbnail', content: { 'image/jpeg': { schema: z.string() } } },
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...serverError,
        },
      },
    },
    async (request, reply) => serve(reply, request.params.id, 'thumbnail'),
  );
};

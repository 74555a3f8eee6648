import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_THUMBNAIL_SIZE, type PhotoUpload, type Product } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { EXIF_MAKER, GPS_LATITUDE_BYTES, phoneJpeg, pngBomb } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The limit the suite's apps are built with: small enough that a padded photo passes it. */
const MAX_BYTES = 256 * 1024;

const upload = (app: FastifyInstance, clerk: Clerk, body: Buffer, type = 'image/jpeg') =>
  app.inject({
    method: 'POST',
    url: '/api/photos',
    headers: { ...clerk.session, 'content-type': type },
    payload: body,
  });

for (const engine of TEST_ENGINES) {
  describe(`photos on ${engine}`, () => {
    let ctx: TestApp;
    let clerk: Clerk;

    beforeAll(async () => {
      ctx = await createTestApp(engine, { PHOTO_MAX_BYTES: String(MAX_BYTES) });
      clerk = await newClerk(ctx.app, 'Photographer');
    });
    afterAll(async () => {
      await ctx?.close();
    });

    /** How many photos are stored: files under DATA_DIR on SQLite, rows of `photos` otherwise. */
    async function storedPhotos(): Promise<number> {
      if (engine === 'sqlite') {
        const folder = join(ctx.env.DATA_DIR ?? '', 'photos');
        try {
          return readdirSync(folder).length;
        } catch {
          return 0;
        }
      }
      const row = await ctx.app.database.db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }

    it('refuses a non-image with an image name, an oversized photo and a decompression bomb, storing nothing', async () => {
      const notImage = await upload(ctx.app, clerk, Buffer.from('name,price\nAC,45000\n'.repeat(50)));
      expect(notImage.statusCode).toBe(415);
      expect(notImage.json()).toMatchObject({ code: 'PHOTO_NOT_IMAGE' });

      // A real JPEG padded past the limit after its end.
      const oversized = Buffer.concat([phoneJpeg(), Buffer.alloc(MAX_BYTES)]);
      const tooLarge = await upload(ctx.app, clerk, oversized);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ code: 'PHOTO_TOO_LARGE', params: { megabytes: 0.3 } });

      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(MAX_BYTES);
      const refusedBomb = await upload(ctx.app, clerk, bomb, 'image/png');
      expect(refusedBomb.statusCode).toBe(413);
      expect(refusedBomb.json()).toMatchObject({
        code: 'PHOTO_TOO_MANY_PIXELS',
        params: { width: 30_000, height: 30_000, megapixels: 40 },
      });

      // A JPEG whose header is fine but whose data is cut off decodes to nothing: not an image.
      const cut = phoneJpeg().subarray(0, 1200);
      const refusedCut = await upload(ctx.app, clerk, cut);
      expect(refusedCut.statusCode).toBe(415);
      expect(refusedCut.json()).toMatchObject({ code: 'PHOTO_NOT_IMAGE' });

      expect(await storedPhotos()).toBe(0);
    });

    it('stores a phone photo without its EXIF and GPS position, serves it and its thumbnail, and an item shows it', async () => {
      const original = phoneJpeg(800, 600);
      expect(original.includes(GPS_LATITUDE_BYTES)).toBe(true);
      expect(original.includes(Buffer.from(EXIF_MAKER))).toBe(true);

      const answer = await upload(ctx.app, clerk, original);
      expect(answer.statusCode, answer.body).toBe(201);
      const photo = answer.json<PhotoUpload>();
      expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 600 });
      expect(photo.url).toBe(`/api/photos/${photo.id}`);
      expect(await storedPhotos()).toBeGreaterThan(0);

      const served = await ctx.app.inject({ url: photo.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.rawPayload;
      expect(bytes.length).toBe(photo.bytes);
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(bytes.includes(GPS_LATITUDE_BYTES)).toBe(false);
      expect(bytes.includes(Buffer.from(EXIF_MAKER))).toBe(false);
      const decoded = jpeg.decode(bytes, { useTArray: true });
      expect([decoded.width, decoded.height]).toEqual([800, 600]);

      const thumbnail = await ctx.app.inject({ url: photo.thumbnailUrl });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      expect(thumbnail.headers['cache-control']).toContain('immutable');
      const small = jpeg.decode(thumbnail.rawPayload, { useTArray: true });
      expect([small.width, small.height]).toEqual([PHOTO_THUMBNAIL_SIZE, 240]);
      expect(thumbnail.rawPayload.includes(GPS_LATITUDE_BYTES)).toBe(false);

      // The same photo again is the same photo: one id, stored once.
      const again = await upload(ctx.app, clerk, original);
      expect(again.json<PhotoUpload>().id).toBe(photo.id);

      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: clerk.withToken,
        payload: validProduct(clerk.email, { img: photo.url }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = await ctx.app.inject({ url: `/api/product/${created.json<{ _id: string }>()._id}` });
      expect(item.json<Product>().img).toBe(photo.url);

      // Only a photo's address is taken from under /api: not another route, not an id that is no hash.
      for (const img of ['/api/product', `/api/photos/${photo.id.toUpperCase()}`, `${photo.url}/../x`]) {
        const refused = await ctx.app.inject({
          method: 'POST',
          url: '/api/productOrder',
          headers: clerk.withToken,
          payload: validProduct(clerk.email, { img }),
        });
        expect(refused.statusCode, img).toBe(400);
      }
    });

    it('turns a photo upright as its EXIF orientation said, since the orientation goes with the EXIF', async () => {
      // Taken with the phone upright: an 800 × 600 sensor picture to be turned a quarter clockwise.
      const answer = await upload(ctx.app, clerk, phoneJpeg(800, 600, 6));
      expect(answer.statusCode, answer.body).toBe(201);
      const photo = answer.json<PhotoUpload>();
      expect([photo.width, photo.height]).toEqual([600, 800]);
      const served = jpeg.decode((await ctx.app.inject({ url: photo.url })).rawPayload, { useTArray: true });
      const pixel = (x: number, y: number) => [
        ...served.data.subarray((y * 600 + x) * 4, (y * 600 + x) * 4 + 3),
      ];
      // The sensor's bottom-left (no red, full green) is now top-left; its top-left (black) top-right.
      const [red = 0, green = 0] = pixel(2, 2);
      expect(red).toBeLessThan(30);
      expect(green).toBeGreaterThan(225);
      const [redRight = 0, greenRight = 0] = pixel(597, 2);
      expect(redRight).toBeLessThan(30);
      expect(greenRight).toBeLessThan(30);
    });

    it('answers 404 for a photo nobody uploaded and 401 to an upload without signing in', async () => {
      const missing = await ctx.app.inject({ url: `/api/photos/${'0'.repeat(64)}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'PHOTO_NOT_FOUND' });
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/api/photos',
        headers: { 'content-type': 'image/jpeg' },
        payload: phoneJpeg(),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}

describe.skipIf(!postgresAdminUrl)('photos on two PostgreSQL instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  /** The second instance's own DATA_DIR: what it serves cannot come from the first one's disk. */
  const otherDataDir = mkdtempSync(join(tmpdir(), 'walton-photos-'));

  beforeAll(async () => {
    first = await createTestApp('postgres');
    second = await buildApp(loadConfig({ ...first.env, DATA_DIR: otherDataDir }));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('serves through one instance a photo uploaded through the other', async () => {
    const clerk = await newClerk(first.app, 'Photographer');
    const answer = await upload(first.app, clerk, phoneJpeg(640, 480));
    expect(answer.statusCode, answer.body).toBe(201);
    const photo = answer.json<PhotoUpload>();
    const fromFirst = await first.app.inject({ url: photo.url });
    const fromSecond = await second.inject({ url: photo.url });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    const thumbnail = await second.inject({ url: photo.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });
});

import { createHash } from 'node:crypto';
import { PHOTO_THUMBNAIL_SIZE } from '@walton/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { HttpError } from '../http/http-error.ts';
import { jpegOrientation, type Pixels, upright } from './exif-orientation.ts';
import { imageHeader } from './image-header.ts';

/** What an upload may be: at most `maxBytes` long and `maxPixels` (width × height) large. */
export interface PhotoLimits {
  maxBytes: number;
  maxPixels: number;
}

/** A photo ready to store: re-encoded without any metadata, and its thumbnail (a JPEG). */
export interface ProcessedPhoto {
  /** The SHA-256 of `bytes` in hex: the same photo has the same id on every instance. */
  id: string;
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const PHOTO_QUALITY = 85;
const THUMBNAIL_QUALITY = 80;

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'PHOTO_TOO_LARGE', { params: { megabytes: megabytes(maxBytes) } });

const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const notImage = () => new HttpError(415, 'PHOTO_NOT_IMAGE');

/**
 * The pixels alone: the decoders also hand back what the file carried besides them (jpeg-js its EXIF
 * and comments, which its encoder would write again were they passed back to it).
 */
function decode(upload: Buffer, format: 'jpeg' | 'png', maxPixels: number): Pixels {
  try {
    const { data, width, height } = format === 'png' ? PNG.sync.read(upload) : decodeJpeg(upload, maxPixels);
    return { data, width, height };
  } catch {
    throw notImage();
  }
}

function decodeJpeg(upload: Buffer, maxPixels: number): Pixels {
  return jpeg.decode(upload, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: maxPixels / 1_000_000,
    // RGBA output and the decoder's own component buffers: well under 8 bytes a pixel.
    maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / 1_048_576),
  });
}

/**
 * `pixels` shrunk so that the longer side is at most `size` (never enlarged), each target pixel the
 * average of the source pixels it covers (a box filter: no aliasing when shrinking a lot).
 */
function shrink(pixels: Pixels, size: number): Pixels {
  const scale = Math.min(1, size / Math.max(pixels.width, pixels.height));
  const width = Math.max(1, Math.round(pixels.width * scale));
  const height = Math.max(1, Math.round(pixels.height * scale));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const top = Math.floor((y * pixels.height) / height);
    const bottom = Math.max(top + 1, Math.floor(((y + 1) * pixels.height) / height));
    for (let x = 0; x < width; x += 1) {
      const left = Math.floor((x * pixels.width) / width);
      const right = Math.max(left + 1, Math.floor(((x + 1) * pixels.width) / width));
      const sums = [0, 0, 0, 0];
      for (let sy = top; sy < bottom; sy += 1) {
        for (let sx = left; sx < right; sx += 1) {
          const from = (sy * pixels.width + sx) * 4;
          for (let channel = 0; channel < 4; channel += 1) {
            sums[channel] = (sums[channel] ?? 0) + (pixels.data[from + channel] ?? 0);
          }
        }
      }
      const count = (bottom - top) * (right - left);
      const to = (y * width + x) * 4;
      for (let channel = 0; channel < 4; channel += 1) {
        data[to + channel] = Math.round((sums[channel] ?? 0) / count);
      }
    }
  }
  return { data, width, height };
}

/** The pixels laid on white (a JPEG has no transparency). */
function onWhite(pixels: Pixels): Pixels {
  const data = new Uint8Array(pixels.data.length);
  for (let at = 0; at < data.length; at += 4) {
    const alpha = (pixels.data[at + 3] ?? 255) / 255;
    for (let channel = 0; channel < 3; channel += 1) {
      data[at + channel] = Math.round((pixels.data[at + channel] ?? 0) * alpha + 255 * (1 - alpha));
    }
    data[at + 3] = 255;
  }
  return { data, width: pixels.width, height: pixels.height };
}

const encodeJpeg = (pixels: Pixels, quality: number): Buffer =>
  Buffer.from(jpeg.encode({ data: pixels.data, width: pixels.width, height: pixels.height }, quality).data);

function encodePng(pixels: Pixels): Buffer {
  const png = new PNG({ width: pixels.width, height: pixels.height });
  png.data = Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
  return PNG.sync.write(png);
}

/**
 * An upload checked by its content and made safe to serve: refused unless it is a JPEG or PNG
 * (PHOTO_NOT_IMAGE, whatever its name or declared type), at most `maxBytes` (PHOTO_TOO_LARGE) and,
 * by its header before a pixel is decoded, at most `maxPixels` (PHOTO_TOO_MANY_PIXELS); then decoded
 * and encoded again, which leaves every metadata segment behind (EXIF with a phone's GPS position,
 * XMP, comments, text chunks), with a JPEG thumbnail of at most PHOTO_THUMBNAIL_SIZE pixels a side.
 * A JPEG is turned upright first, as its EXIF Orientation says (the orientation goes with the EXIF).
 * A JPEG stays a JPEG and a PNG a PNG (its transparency kept).
 */
export function processPhoto(upload: Buffer, limits: PhotoLimits): ProcessedPhoto {
  if (upload.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const header = imageHeader(upload);
  if (!header || header.width === 0 || header.height === 0) throw notImage();
  if (header.width * header.height > limits.maxPixels) {
    throw new HttpError(413, 'PHOTO_TOO_MANY_PIXELS', {
      params: {
        width: header.width,
        height: header.height,
        megapixels: Math.floor(limits.maxPixels / 100_000) / 10,
      },
    });
  }
  const decoded = decode(upload, header.format, limits.maxPixels);
  if (decoded.width !== header.width || decoded.height !== header.height) throw notImage();
  const pixels = header.format === 'jpeg' ? upright(decoded, jpegOrientation(upload)) : decoded;
  const bytes = header.format === 'png' ? encodePng(pixels) : encodeJpeg(pixels, PHOTO_QUALITY);
  return {
    id: createHash('sha256').update(bytes).digest('hex'),
    contentType: header.format === 'png' ? 'image/png' : 'image/jpeg',
    bytes,
    thumbnail: encodeJpeg(onWhite(shrink(pixels, PHOTO_THUMBNAIL_SIZE)), THUMBNAIL_QUALITY),
    width: pixels.width,
    height: pixels.height,
  };
}

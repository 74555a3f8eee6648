import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/** The GPS position a phone writes into its photos' EXIF: 23°48'37"N 90°24'44"E (Dhaka), as rationals. */
const GPS_LATITUDE = [23, 48, 37];
const GPS_LONGITUDE = [90, 24, 44];

/** The bytes of the latitude as EXIF writes it (three big-endian rationals): what must not leak. */
export const GPS_LATITUDE_BYTES = rationals(GPS_LATITUDE);
/** A text of the EXIF's camera maker tag, easy to look for in what the server stores. */
export const EXIF_MAKER = 'WaltonPhone Primo';

function rationals(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach((value, index) => {
    bytes.writeUInt32BE(value, index * 8);
    bytes.writeUInt32BE(1, index * 8 + 4);
  });
  return bytes;
}

/**
 * An EXIF APP1 segment as a phone writes one (big-endian TIFF): IFD0 with the camera's maker, the
 * orientation and a pointer to the GPS IFD, which holds the latitude and longitude with their N/E
 * references.
 */
function exifSegment(orientation: number): Buffer {
  const maker = Buffer.from(`${EXIF_MAKER}\0`, 'latin1');
  // TIFF header (8) + IFD0: count (2) + 3 entries (36) + next (4); then the GPS IFD: count (2) + 4
  // entries (48) + next (4); then the maker text and the two rationals' values.
  const gpsAt = 8 + 2 + 36 + 4;
  const makerAt = gpsAt + 2 + 48 + 4;
  const latitudeAt = makerAt + maker.length;
  const longitudeAt = latitudeAt + 24;
  const tiff = Buffer.alloc(longitudeAt + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number | string) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (typeof value === 'string') tiff.write(value, at + 8, 'latin1');
    else if (type === 3) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  tiff.writeUInt16BE(3, 8);
  entry(10, 0x010f, 2, maker.length, makerAt); // Make
  entry(22, 0x0112, 3, 1, orientation); // Orientation
  entry(34, 0x8825, 4, 1, gpsAt); // GPSInfo
  tiff.writeUInt32BE(0, 46);
  tiff.writeUInt16BE(4, gpsAt);
  entry(gpsAt + 2, 0x0001, 2, 2, 'N'); // GPSLatitudeRef
  entry(gpsAt + 14, 0x0002, 5, 3, latitudeAt); // GPSLatitude
  entry(gpsAt + 26, 0x0003, 2, 2, 'E'); // GPSLongitudeRef
  entry(gpsAt + 38, 0x0004, 5, 3, longitudeAt); // GPSLongitude
  tiff.writeUInt32BE(0, gpsAt + 50);
  maker.copy(tiff, makerAt);
  GPS_LATITUDE_BYTES.copy(tiff, latitudeAt);
  rationals(GPS_LONGITUDE).copy(tiff, longitudeAt);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** Pixels of a picture: a colour gradient, so that its thumbnail has something to average. */
function gradient(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data[at] = Math.round((x / width) * 255);
      data[at + 1] = Math.round((y / height) * 255);
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  }
  return data;
}

/**
 * A JPEG as a phone takes it: the picture (red growing to the right, green downwards), with an EXIF
 * segment (maker, orientation, GPS position) right after the start of image, before the JFIF segment
 * jpeg-js writes. `orientation` 6: the sensor's picture is to be turned a quarter clockwise.
 */
export function phoneJpeg(width = 800, height = 600, orientation = 1): Buffer {
  const plain = Buffer.from(jpeg.encode({ data: gradient(width, height), width, height }, 90).data);
  return Buffer.concat([plain.subarray(0, 2), exifSegment(orientation), plain.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a PNG of a few kilobytes whose header says 30,000 × 30,000 pixels (3.6 GB
 * once decoded), its data the deflated zero rows of its first hundred lines.
 */
export function pngBomb(): Buffer {
  const side = 30_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(100 * (side * 4 + 1)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

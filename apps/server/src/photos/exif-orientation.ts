/**
 * How a JPEG is to be turned to stand upright: its EXIF Orientation (1–8: 1 is upright, 6 is turned
 * a quarter clockwise, as a phone held upright writes it), read from the APP1 `Exif` segment's first
 * IFD. 1 when it has none, or when what it has cannot be read.
 */
export function jpegOrientation(bytes: Buffer): number {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 1;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      return orientationIn(bytes.subarray(offset + 10, Math.min(bytes.length, offset + 2 + length)));
    }
    offset += 2 + length;
  }
  return 1;
}

/** The Orientation tag (0x0112) of a TIFF structure's first IFD, either byte order. */
function orientationIn(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const short = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = short(ifd);
  for (let index = 0; index < entries; index += 1) {
    const at = ifd + 2 + index * 12;
    if (at + 12 > tiff.length) return 1;
    if (short(at) === 0x0112) {
      const value = short(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Pixels as RGBA, four bytes each, row after row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The pixels turned and mirrored as `orientation` says, so that they stand upright without it: the
 * photo is stored without its EXIF, which would otherwise have told a viewer how to turn it.
 */
export function upright(pixels: Pixels, orientation: number): Pixels {
  if (orientation === 1) return pixels;
  const { width: w, height: h } = pixels;
  const turned = orientation >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const data = new Uint8Array(pixels.data.length);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const [tx, ty] = target(orientation, x, y, w, h);
      const from = (y * w + x) * 4;
      data.set(pixels.data.subarray(from, from + 4), (ty * width + tx) * 4);
    }
  }
  return { data, width, height };
}

/** Where the source pixel (x, y) of a w × h picture goes once it is upright. */
function target(orientation: number, x: number, y: number, w: number, h: number): [number, number] {
  switch (orientation) {
    case 2:
      return [w - 1 - x, y];
    case 3:
      return [w - 1 - x, h - 1 - y];
    case 4:
      return [x, h - 1 - y];
    case 5:
      return [y, x];
    case 6:
      return [h - 1 - y, x];
    case 7:
      return [h - 1 - y, w - 1 - x];
    default:
      return [y, w - 1 - x];
  }
}

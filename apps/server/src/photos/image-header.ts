/**
 * What a file's first bytes say it is: a JPEG or a PNG and its size in pixels, read from its header
 * (the JPEG's frame header, the PNG's IHDR) without decoding a pixel, so that a picture too large to
 * open (a decompression bomb: a few KB that decode to gigabytes) is refused before it is decoded.
 * Null for anything else, whatever its name or declared type.
 */
export interface ImageHeader {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG markers of a frame header (SOF0–SOF15 less DHT, JPG and DAC), which carry the size. */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function pngHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function jpegHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    // The scan starts (SOS) or the image ends (EOI) before any frame header: not a picture.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isFrameMarker(marker)) {
      if (offset + 9 > bytes.length) return null;
      return {
        format: 'jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return null;
}

/** The picture's format and size as its header says, or null when it is neither a JPEG nor a PNG. */
export function imageHeader(bytes: Buffer): ImageHeader | null {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}

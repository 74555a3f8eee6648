/**
 * The grey level of each pixel of an RGBA picture (ITU-R BT.601 weights, in integers as ZXing's own
 * canvas source computes them), one byte a pixel, row by row: what the barcode decoder reads.
 */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const pixels = width * height;
  if (rgba.length !== pixels * 4) throw new Error(`expected ${pixels * 4} bytes of RGBA, got ${rgba.length}`);
  const grey = new Uint8ClampedArray(pixels);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const at = pixel * 4;
    grey[pixel] = ((rgba[at] ?? 0) * 306 + (rgba[at + 1] ?? 0) * 601 + (rgba[at + 2] ?? 0) * 117) >> 10;
  }
  return grey;
}

import { writeFileSync } from 'node:fs';
import { type Browser, chromium, type TestInfo } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

/**
 * How long a test waits for the fake camera's first read: the second Chromium has to start its
 * camera, fetch the decoder and decode frames, which on a busy two-core machine can outlast the
 * default 20 s expect timeout. What is waited for is still what the app shows on the read.
 */
export const CAMERA_READ_TIMEOUT = { timeout: 30_000 };

/** An RGBA picture: `data` holds 4 bytes a pixel, row by row. */
export interface Picture {
  width: number;
  height: number;
  data: Uint8Array;
}

export function decodePng(png: Buffer): Picture {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, data };
}

/** Luma and chroma of a pixel (BT.601, full range: what `C420jpeg` means). */
const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const blueDifference = (r: number, g: number, b: number) => -0.168_736 * r - 0.331_264 * g + 0.5 * b + 128;
const redDifference = (r: number, g: number, b: number) => 0.5 * r - 0.418_688 * g - 0.081_312 * b + 128;
const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * A Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`): `width` × `height`
 * (both even) at 10 frames a second, each frame the picture centred on white, as I420 planes (full
 * resolution luma, then blue and red chroma at half resolution). Chromium plays it in a loop.
 */
export function writeY4m(file: string, picture: Picture, width: number, height: number, frames = 10): void {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('Y4M frames need even sides for 4:2:0 chroma');
  if (picture.width > width || picture.height > height)
    throw new Error('the picture is larger than the frame');
  const left = Math.floor((width - picture.width) / 2);
  const top = Math.floor((height - picture.height) / 2);
  const rgb = (x: number, y: number): [number, number, number] => {
    const px = x - left;
    const py = y - top;
    if (px < 0 || py < 0 || px >= picture.width || py >= picture.height) return [255, 255, 255];
    const at = (py * picture.width + px) * 4;
    const alpha = (picture.data[at + 3] ?? 255) / 255;
    const over = (channel: number) => (picture.data[at + channel] ?? 255) * alpha + 255 * (1 - alpha);
    return [over(0), over(1), over(2)];
  };
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1)
      y[row * width + column] = clampByte(luma(...rgb(column, row)));
  }
  for (let row = 0; row < height / 2; row += 1) {
    for (let column = 0; column < width / 2; column += 1) {
      // Each chroma sample stands for a 2 × 2 block: the average of its four pixels.
      const block = [
        rgb(2 * column, 2 * row),
        rgb(2 * column + 1, 2 * row),
        rgb(2 * column, 2 * row + 1),
        rgb(2 * column + 1, 2 * row + 1),
      ];
      const mean = (pick: (pixel: [number, number, number]) => number) =>
        block.reduce((sum, pixel) => sum + pick(pixel), 0) / 4;
      u[row * (width / 2) + column] = clampByte(mean((pixel) => blueDifference(...pixel)));
      v[row * (width / 2) + column] = clampByte(mean((pixel) => redDifference(...pixel)));
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * Chromium as the suite configures it, with a fake camera filming a QR code of `text` (our labels'
 * kind) in a 1280 × 720 frame: a browser of its own, since the camera's video is a launch flag.
 */
export async function browserFilmingQr(testInfo: TestInfo, text: string): Promise<Browser> {
  const video = testInfo.outputPath('label.y4m');
  const png = await bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 6, backgroundcolor: 'FFFFFF' });
  writeY4m(video, decodePng(png), 1280, 720);
  const configured = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...configured,
    args: [
      ...(configured.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

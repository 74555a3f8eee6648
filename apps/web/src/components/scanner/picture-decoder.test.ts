import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { luminanceOf } from './luminance.ts';
import { createPictureDecoder, JSQR_EVERY } from './picture-decoder.ts';

/** A PNG as RGBA pixels, drawn on white 40 px all round (a camera frame has the code inside it). */
function framed(png: Buffer): { rgba: Uint8ClampedArray; width: number; height: number } {
  const picture = PNG.sync.read(png);
  const margin = 40;
  const width = picture.width + 2 * margin;
  const height = picture.height + 2 * margin;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < picture.height; y += 1) {
    for (let x = 0; x < picture.width; x += 1) {
      const from = (y * picture.width + x) * 4;
      const to = ((y + margin) * width + x + margin) * 4;
      const alpha = (picture.data[from + 3] ?? 255) / 255;
      for (let channel = 0; channel < 3; channel += 1)
        rgba[to + channel] = (picture.data[from + channel] ?? 255) * alpha + 255 * (1 - alpha);
    }
  }
  return { rgba, width, height };
}

const barcode = (bcid: string, text: string) =>
  bwipjs.toBuffer({ bcid, text, scale: 3, height: 15, includetext: false });

/** Whether ZXing's QR reader alone reads `text` from the picture. */
function zxingReadsQr(picture: { rgba: Uint8ClampedArray; width: number; height: number }, text: string) {
  const { rgba, width, height } = picture;
  const luminance = new RGBLuminanceSource(luminanceOf(rgba, width, height), width, height);
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(luminance))).getText() === text;
  } catch {
    return false;
  }
}

describe('createPictureDecoder', () => {
  it('reads a serial’s Code 128, a retail EAN-13 and our label’s QR code, each with its format', async () => {
    const decode = createPictureDecoder(['qr_code', 'code_128', 'ean_13']);
    const serial = framed(await barcode('code128', 'WSN-2X9K-004417'));
    expect(decode(serial.rgba, serial.width, serial.height)).toEqual({
      text: 'WSN-2X9K-004417',
      format: 'code_128',
    });
    const retail = framed(await barcode('ean13', '4006381333931'));
    expect(decode(retail.rgba, retail.width, retail.height)).toEqual({
      text: '4006381333931',
      format: 'ean_13',
    });
    const address = 'http://localhost:3000/manageItem/p-41';
    const label = framed(await QRCode.toBuffer(address, { type: 'png', scale: 6, margin: 4 }));
    expect(decode(label.rgba, label.width, label.height)).toEqual({ text: address, format: 'qr_code' });
  });

  it('reads only the formats it is given, and a blank frame as nothing', async () => {
    const qrOnly = createPictureDecoder(['qr_code']);
    const serial = framed(await barcode('code128', 'WSN-2X9K-004417'));
    expect(qrOnly(serial.rgba, serial.width, serial.height)).toBeNull();
    const blank = new Uint8ClampedArray(320 * 240 * 4).fill(255);
    expect(createPictureDecoder(['qr_code', 'code_128', 'ean_13'])(blank, 320, 240)).toBeNull();
  });

  it('reads a label whose QR code ZXing cannot read, within the frames jsQR is given', async () => {
    // Drawn as the labels draw it; ZXing's QR reader fails on this address on every frame.
    const address = 'http://localhost:3000/manageItem/p-10';
    const label = framed(await QRCode.toBuffer(address, { type: 'png', scale: 6, margin: 4 }));
    expect(zxingReadsQr(label, address)).toBe(false);
    const decode = createPictureDecoder(['qr_code', 'code_128', 'ean_13']);
    const blank = new Uint8ClampedArray(label.rgba.length).fill(255);
    // Frames without a code use up jsQR's turn; the label is still read within JSQR_EVERY frames.
    expect(decode(blank, label.width, label.height)).toBeNull();
    const reads = Array.from({ length: JSQR_EVERY }, () => decode(label.rgba, label.width, label.height));
    expect(reads.filter((read) => read !== null)).toEqual([{ text: address, format: 'qr_code' }]);
  });

  it('leaves QR codes to no reader where they are not asked for', async () => {
    const address = 'http://localhost:3000/manageItem/p-10';
    const label = framed(await QRCode.toBuffer(address, { type: 'png', scale: 6, margin: 4 }));
    const serialsOnly = createPictureDecoder(['code_128']);
    const reads = Array.from({ length: JSQR_EVERY }, () =>
      serialsOnly(label.rgba, label.width, label.height),
    );
    expect(reads).toEqual(Array.from({ length: JSQR_EVERY }, () => null));
  });
});

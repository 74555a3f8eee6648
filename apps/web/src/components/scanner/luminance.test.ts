import { describe, expect, it } from 'vitest';
import { luminanceOf } from './luminance.ts';

describe('luminanceOf', () => {
  it('gives one grey byte a pixel, row by row, green weighing most', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    const grey = [...luminanceOf(rgba, 2, 2)];
    expect(grey[0]).toBe(255);
    expect(grey[1]).toBe(0);
    expect(grey[3]).toBeGreaterThan(grey[2] ?? 255);
  });

  it('refuses pixels that do not fill the picture', () => {
    expect(() => luminanceOf(new Uint8ClampedArray(12), 2, 2)).toThrow(/expected 16 bytes/);
  });
});

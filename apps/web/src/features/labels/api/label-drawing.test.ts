import { describe, expect, it } from 'vitest';
import { labelDrawing } from './get-label-products.ts';

describe('labelDrawing (a label drawn inline in the labels page)', () => {
  it('keeps the drawing and its text, hidden from assistive technology (the frame names it)', () => {
    const drawing = labelDrawing(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320"><title>A: x</title><path d="M0 0h1v1h-1z"/><text>৫৮,৯০০৳</text></svg>',
    );
    expect(drawing?.querySelector('path')).not.toBeNull();
    expect(drawing?.querySelector('text')?.textContent).toBe('৫৮,৯০০৳');
    expect(drawing?.querySelector('title')).toBeNull();
    expect(drawing?.getAttribute('aria-hidden')).toBe('true');
  });

  it('removes anything that could run or fetch, whatever the answer holds', () => {
    const drawing = labelDrawing(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
        '<script>alert(2)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>' +
        '<a href="https://evil.example"><text onclick="alert(3)">t</text></a>' +
        '<image href="https://evil.example/x.png"/><use xlink:href="#x"/><style>*{}</style>' +
        '<text onmouseover="alert(4)">kept</text></svg>',
    );
    const markup = drawing?.outerHTML ?? '';
    expect(markup).toContain('kept');
    expect(markup).not.toMatch(
      /script|foreignObject|<a |<image|<use|<style|onload|onclick|onmouseover|href/i,
    );
  });

  it('refuses what is not an SVG document', () => {
    expect(labelDrawing('{"message":"no"}')).toBeNull();
    expect(labelDrawing('<html><body>x</body></html>')).toBeNull();
    expect(labelDrawing('<svg xmlns="http://www.w3.org/2000/svg"><unclosed></svg>')).toBeNull();
  });
});

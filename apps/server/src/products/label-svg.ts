import {
  DEFAULT_LANGUAGE,
  formatPrice,
  type Language,
  type Product,
  productPagePath,
} from '@walton/contract';
import QRCode from 'qrcode';

/** The label's drawing units: a square QR code `WIDTH` wide, the text lines under it. */
const WIDTH = 240;
const QUIET_ZONE_MODULES = 4;
const FONT_SIZE = 15;
const LINE_HEIGHT = 19;
const TEXT_TOP = WIDTH + 4;
/** Characters per line that fit the width at FONT_SIZE even in a wide font (about 0.6 em each). */
const LINE_CHARACTERS = 24;
/** Room for a line of text: the width less a margin on each side. */
const TEXT_WIDTH = WIDTH - 16;
/** A long name takes at most this many lines; the last one ends with an ellipsis when it was cut. */
const NAME_LINES = 2;
/** Name lines, model, price: every label has the same size, whatever it says. */
const HEIGHT = TEXT_TOP + (NAME_LINES + 2) * LINE_HEIGHT + 6;

/**
 * The label's fonts: a Latin sans-serif, then the Bengali font the web app serves (its labels page
 * shows the labels inline, with that font loaded), so Bengali prices and names never print as boxes.
 */
const FONT_FAMILY = "Arial, Helvetica, 'Noto Sans Bengali', sans-serif";

/** Characters XML 1.0 does not allow (C0 controls but tab and newlines, U+FFFE, U+FFFF) would break the document. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an element or a quoted attribute: lone surrogates become U+FFFD, what XML forbids goes. */
export const escapeXml = (text: string): string =>
  text
    .toWellFormed()
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** A word's characters in pieces of at most `width`. */
function pieces(characters: string[], width: number): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < characters.length; start += width) {
    result.push(characters.slice(start, start + width));
  }
  return result;
}

/**
 * Breaks text into lines of at most `width` characters at spaces (a longer word is cut), keeping at
 * most `maxLines`; when text is left over, the last line ends with an ellipsis.
 */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[][] = [];
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (const piece of words.flatMap((word) => pieces(Array.from(word), width))) {
    const last = lines.at(-1);
    if (last && last.length + 1 + piece.length <= width) last.push(' ', ...piece);
    else lines.push(piece);
  }
  const kept = lines.slice(0, maxLines);
  const end = kept.at(-1);
  if (lines.length > maxLines && end) kept[kept.length - 1] = [...end.slice(0, width - 1), '…'];
  return kept.map((line) => line.join(''));
}

/**
 * A generous guess of a line's width in a sans-serif font (capitals, digits and bold run wide). A line
 * that may not fit is squeezed to the room it has (`textLength`), so no font ever cuts it at the edge.
 */
function fitAttributes(text: string, bold: boolean): string {
  const ems = Array.from(text).reduce((sum, char) => sum + (/[A-Z0-9MW@%]/.test(char) ? 0.72 : 0.56), 0);
  const width = ems * FONT_SIZE * (bold ? 1.08 : 1);
  return width > TEXT_WIDTH ? ` textLength="${TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"` : '';
}

/** The dark modules of a QR code as one path: each row's runs of dark modules, one rectangle each. */
function modulesPath(size: number, isDark: (row: number, column: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && isDark(row, column)) column += 1;
      parts.push(`M${start} ${row}h${column - start}v1h${start - column}z`);
    }
  }
  return parts.join('');
}

/**
 * The printable label of an item: a QR code of its page in the web app (`publicUrl` + /manageItem/{id})
 * with its name (wrapped, at most two lines), model and price under it, the price written in
 * `language`. Vector paths and text only, so it stays sharp at any size; every text is escaped.
 */
export function productLabelSvg(
  product: Product,
  publicUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const address = `${publicUrl.replace(/\/$/, '')}${productPagePath(product._id)}`;
  const qr = QRCode.create(address, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const path = modulesPath(size, (row, column) => data[row * size + column] === 1);
  const box = size + 2 * QUIET_ZONE_MODULES;
  const nameLines = wrapText(product.name, LINE_CHARACTERS, NAME_LINES);
  const textLines = [
    ...nameLines.map((line) => ({ text: line, bold: true })),
    ...wrapText(product.model ?? '', LINE_CHARACTERS, 1).map((line) => ({ text: line, bold: false })),
    { text: formatPrice(product.price, language), bold: false },
  ];
  const texts = textLines
    .map(
      ({ text, bold }, index) =>
        `<text x="${WIDTH / 2}" y="${TEXT_TOP + (index + 1) * LINE_HEIGHT - 4}" font-weight="${bold ? 'bold' : 'normal'}"` +
        `${fitAttributes(text, bold)}>${escapeXml(text)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<title>${escapeXml(`${product.name}: ${address}`)}</title>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>` +
    `<svg width="${WIDTH}" height="${WIDTH}" viewBox="-${QUIET_ZONE_MODULES} -${QUIET_ZONE_MODULES} ${box} ${box}" shape-rendering="crispEdges">` +
    `<path fill="#000" d="${path}"/></svg>` +
    `<g fill="#000" font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" text-anchor="middle">${texts}</g>` +
    '</svg>'
  );
}

/**
 * Common A4 label sheets (210 × 297 mm), in millimetres: how many labels across and down, each
 * label's size, the sheet's top and left margins and the gap between columns. The one place the
 * printed layout is defined; the sheet component only applies it.
 */
export const LABEL_LAYOUTS = {
  '3x8': {
    name: '3 × 8 (24 a sheet, 70 × 37 mm)',
    columns: 3,
    rows: 8,
    width: 70,
    height: 37,
    top: 0.5,
    left: 0,
    gap: 0,
  },
  '2x7': {
    name: '2 × 7 (14 a sheet, 99.1 × 38.1 mm)',
    columns: 2,
    rows: 7,
    width: 99.1,
    height: 38.1,
    top: 15.15,
    left: 4.65,
    gap: 2.5,
  },
} as const;

export type LabelLayoutId = keyof typeof LABEL_LAYOUTS;
export type LabelLayout = (typeof LABEL_LAYOUTS)[LabelLayoutId];

export const DEFAULT_LAYOUT: LabelLayoutId = '3x8';

export const isLabelLayoutId = (value: string | null): value is LabelLayoutId =>
  value !== null && Object.hasOwn(LABEL_LAYOUTS, value);

export const labelsPerSheet = (layout: LabelLayout): number => layout.columns * layout.rows;

/** Items in sheets of `labelsPerSheet` each, in order. */
export function toSheets<T>(items: readonly T[], layout: LabelLayout): T[][] {
  const size = labelsPerSheet(layout);
  const sheets: T[][] = [];
  for (let start = 0; start < items.length; start += size) sheets.push(items.slice(start, start + size));
  return sheets;
}

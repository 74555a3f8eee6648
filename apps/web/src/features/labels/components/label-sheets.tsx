import type { Product } from '@walton/contract';
import type { CSSProperties } from 'react';
import { labelImageUrl } from '../api/get-label-products.ts';
import { type LabelLayout, toSheets } from '../label-layouts.ts';

/** The layout's measures as CSS variables, for labels.css to place the labels on an A4 sheet. */
const sheetStyle = (layout: LabelLayout): CSSProperties & Record<`--${string}`, string> => ({
  '--label-columns': String(layout.columns),
  '--label-width': `${layout.width}mm`,
  '--label-height': `${layout.height}mm`,
  '--sheet-top': `${layout.top}mm`,
  '--sheet-left': `${layout.left}mm`,
  '--label-gap': `${layout.gap}mm`,
});

/**
 * A4 sheets of labels as they print: each label is the server's label.svg (one drawing of a label for
 * screen, print and the API), each sheet a printed page.
 */
export function LabelSheets({ items, layout }: { items: Product[]; layout: LabelLayout }) {
  const sheets = toSheets(items, layout);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="label-sheets" aria-label="Label sheets, as printed" tabIndex={0}>
      {sheets.map((sheet, index) => (
        <div
          // Sheets are positions on paper: the first sheet is always the first, whatever is on it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="label-sheet"
          style={sheetStyle(layout)}
          data-testid="label-sheet"
        >
          {sheet.map((product) => (
            <div className="label-cell" key={product._id}>
              <img
                src={labelImageUrl(product._id)}
                alt={`Label of ${product.name}`}
                width={240}
                height={320}
              />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

import type { Product } from '@walton/contract';
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';
import { labelDrawing, useLabelMarkup } from '../api/get-label-products.ts';
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
 * One label: the server's drawing, inline in the page (so it is written in the page's fonts, the
 * bundled Bengali one included), its price in the page's language. An image to assistive technology.
 */
function LabelPicture({ product }: { product: Product }) {
  const language = useLanguage();
  const t = useTranslate();
  const markup = useLabelMarkup(product, language);
  const frame = useRef<HTMLDivElement>(null);
  const drawing = useMemo(
    () => (markup.data === undefined ? null : labelDrawing(markup.data)),
    [markup.data],
  );
  useEffect(() => {
    frame.current?.replaceChildren(...(drawing ? [drawing] : []));
  }, [drawing]);
  return (
    <div
      ref={frame}
      className="label-picture"
      role="img"
      aria-label={t('labels.labelOf', { name: product.name })}
      aria-busy={drawing === null}
      data-testid="label-picture"
    />
  );
}

/**
 * A4 sheets of labels as they print: each label is the server's label.svg (one drawing of a label for
 * screen, print and the API), each sheet a printed page.
 */
export function LabelSheets({ items, layout }: { items: Product[]; layout: LabelLayout }) {
  const sheets = toSheets(items, layout);
  const t = useTranslate();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="label-sheets" aria-label={t('labels.sheets')} tabIndex={0}>
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
              <LabelPicture product={product} />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

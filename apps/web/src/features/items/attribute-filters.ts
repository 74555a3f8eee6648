import type { Category } from '@walton/contract';
import { withAsciiDigits } from '@/i18n/typed-number.ts';

/**
 * What the Manage Items filters hold for a category's attributes: by key the choice, text or
 * `true`/`false` chosen ("" for any), and for a number its `<key>.min` and `<key>.max` as typed.
 */
export type AttributeFilterInputs = Readonly<Record<string, string>>;

/** A typed bound as a number, Bengali digits too; "" when it is empty or not a number (no bound). */
const bound = (typed: string | undefined): string => {
  const text = withAsciiDigits(typed ?? '').trim();
  return text !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : '';
};

/**
 * The list's `attr.<key>` filters (by key) the inputs ask for under the category's template: a
 * number's bounds as a range (`1..1.5`, `1..`, `..2`; the lower first whichever way they were typed), every other type's value as it is; an
 * attribute left at "any" is not filtered.
 */
export function attributeFilters(category: Category, inputs: AttributeFilterInputs): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const { key, type } of category.attributes) {
    if (type === 'number') {
      const typed = [bound(inputs[`${key}.min`]), bound(inputs[`${key}.max`])];
      // Bounds typed the wrong way round (1.5 – 1) are the range between them, which the server reads low first.
      const [min, max] = typed.every((end) => end !== '')
        ? typed
            .map(Number)
            .sort((a, b) => a - b)
            .map(String)
        : typed;
      if (min !== '' || max !== '') filters[key] = min === max ? String(min) : `${min}..${max}`;
      continue;
    }
    const value = (inputs[key] ?? '').trim();
    if (value !== '') filters[key] = value;
  }
  return filters;
}

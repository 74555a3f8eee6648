import type { ApiErrorCode, AttributeValue, AttributeValues, Category } from '@walton/contract';
import { HttpError } from '../http/http-error.ts';

/**
 * An item's attribute values as stored: JSON with its keys sorted, so that two equal sets of values
 * are one text (the history compares them, ADR 67); null for none.
 */
export function storedAttributes(values: AttributeValues | null): string | null {
  if (values === null) return null;
  const keys = Object.keys(values).sort();
  if (keys.length === 0) return null;
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, values[key]])));
}

/** Stored attribute values → the values by key (none: undefined). */
export function attributesOf(stored: string | null): AttributeValues | undefined {
  if (stored === null) return undefined;
  return JSON.parse(stored) as AttributeValues;
}

const refuse = (code: ApiErrorCode, params: Record<string, string>) => new HttpError(400, code, { params });

/** Whether `value` is of the attribute's type (a choice: one of its options). */
function judge(category: Category, key: string, value: AttributeValue): void {
  const attribute = category.attributes.find((candidate) => candidate.key === key);
  if (!attribute) throw refuse('ATTRIBUTE_UNKNOWN', { key, category: category.nameEn });
  const wrongType = () => refuse('ATTRIBUTE_WRONG_TYPE', { key, type: attribute.type });
  switch (attribute.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType();
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrongType();
      return;
    case 'text':
      if (typeof value !== 'string' || value.length > 200) throw wrongType();
      return;
    case 'choice': {
      const options = attribute.options ?? [];
      if (typeof value !== 'string' || !options.includes(value)) {
        throw refuse('ATTRIBUTE_NOT_AN_OPTION', { key, options: options.join(', ') });
      }
    }
  }
}

/**
 * The one rule of an item's attributes: values belong to a category, each is an attribute of its
 * template of that attribute's type, and every required attribute has a value (text: not empty).
 * Throws a 400 naming the attribute; answers the values as stored (storedAttributes).
 */
export function judgeAttributes(
  category: Category | undefined,
  values: AttributeValues | null,
): string | null {
  if (!category) {
    if (values !== null && Object.keys(values).length > 0) {
      throw new HttpError(400, 'ATTRIBUTES_WITHOUT_CATEGORY');
    }
    return null;
  }
  const given = values ?? {};
  for (const [key, value] of Object.entries(given)) judge(category, key, value);
  for (const attribute of category.attributes) {
    const value = given[attribute.key];
    if (attribute.required && (value === undefined || value === '')) {
      throw refuse('ATTRIBUTE_REQUIRED', { key: attribute.key, category: category.nameEn });
    }
  }
  return storedAttributes(values);
}

/** The categories by id, as a change reads them. */
export type CategoryDirectory = ReadonlyMap<string, Category>;

/** The category of this id; 400 UNKNOWN_CATEGORY when there is none (null: no category). */
export function categoryOf(categories: CategoryDirectory, id: string | null): Category | undefined {
  if (id === null) return undefined;
  const category = categories.get(id);
  if (!category) throw new HttpError(400, 'UNKNOWN_CATEGORY', { params: { id } });
  return category;
}

/** An item's category and stored attributes, as a change of them reads and sets them. */
export interface CatalogueDetails {
  categoryId?: string | null | undefined;
  attributes?: string | null | undefined;
}

/**
 * The category and attributes a change sets, judged on the item as it is (`current`): a new category
 * without new values judges the values the item has (none, when the category is cleared); new values
 * are judged against the category the item has after the change. Nothing to judge when the change
 * sets neither.
 */
export function judgeCatalogueChange<T extends CatalogueDetails>(
  current: { categoryId: string | null; attributes: string | null },
  details: T,
  categories: CategoryDirectory,
): T {
  if (details.categoryId === undefined && details.attributes === undefined) return details;
  const categoryId = details.categoryId === undefined ? current.categoryId : details.categoryId;
  const cleared = details.categoryId === null;
  const stored = details.attributes !== undefined ? details.attributes : cleared ? null : current.attributes;
  const attributes = judgeAttributes(categoryOf(categories, categoryId), attributesOf(stored) ?? null);
  return { ...details, categoryId, attributes };
}

/**
 * One condition of a list's filter by attribute: a text or choice equal to `value`, a boolean that
 * is `value`, or a number within `min` and `max` (either left out: open).
 */
export type AttributeCondition =
  | { key: string; kind: 'text'; value: string }
  | { key: string; kind: 'boolean'; value: boolean }
  | { key: string; kind: 'range'; min: number | undefined; max: number | undefined };

const NUMBER = /^-?\d+(\.\d+)?$/;

/** A number filter's bound: a number, or undefined for an open end; null when it is not one. */
const bound = (text: string): number | undefined | null => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
};

/** A number filter (`1.5`, `1..1.5`, `1..`, `..2`) as its range; undefined when it is none. */
function rangeOf(text: string): { min: number | undefined; max: number | undefined } | undefined {
  const [low = '', high, ...more] = text.split('..');
  if (more.length > 0) return undefined;
  const min = bound(low);
  const max = high === undefined ? min : bound(high);
  if (min === null || max === null || (min === undefined && max === undefined)) return undefined;
  if (min !== undefined && max !== undefined && min > max) return undefined;
  return { min, max };
}

/**
 * A list's filters by attribute (`attr.<key>` → its text) as conditions, judged against the
 * category's template: the category is needed, each key must be one of its attributes, and each
 * value of its type (a number or range of numbers, `true` or `false`, one of a choice's options).
 * Throws a 400 naming the attribute.
 */
export function attributeConditions(
  category: Category | undefined,
  filters: Readonly<Record<string, string>>,
): AttributeCondition[] {
  const keys = Object.keys(filters);
  if (keys.length === 0) return [];
  if (!category) throw new HttpError(400, 'ATTRIBUTE_FILTER_NEEDS_CATEGORY');
  return keys.map((key): AttributeCondition => {
    const text = filters[key] ?? '';
    const attribute = category.attributes.find((candidate) => candidate.key === key);
    if (!attribute) throw refuse('ATTRIBUTE_FILTER_UNKNOWN', { key, category: category.nameEn });
    const bad = (expected: string) => refuse('ATTRIBUTE_FILTER_BAD_VALUE', { key, expected });
    switch (attribute.type) {
      case 'number': {
        const range = rangeOf(text);
        if (!range) throw bad('a number or a range like 1..1.5');
        return { key, kind: 'range', ...range };
      }
      case 'boolean':
        if (text !== 'true' && text !== 'false') throw bad('true or false');
        return { key, kind: 'boolean', value: text === 'true' };
      case 'choice': {
        const options = attribute.options ?? [];
        if (!options.includes(text)) throw bad(`one of ${options.join(', ')}`);
        return { key, kind: 'text', value: text };
      }
    }
    // A text attribute: its value as stored.
    return { key, kind: 'text', value: text };
  });
}

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

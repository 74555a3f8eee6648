import type { AttributeValues, Category } from '@walton/contract';
import { withAsciiDigits } from '@/i18n/typed-number.ts';
import { ApiRequestError } from '@/lib/api-client.ts';

/**
 * An item's attribute values as the form's inputs hold them: text for a text, choice or number
 * input, true/false for a switch (a switch never touched: undefined, no value).
 */
export type AttributeInputs = Record<string, string | boolean | undefined>;

/** An item's stored values → the form's inputs. */
export function attributeInputsOf(values: AttributeValues | undefined): AttributeInputs {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([key, value]) => [
      key,
      typeof value === 'number' ? String(value) : value,
    ]),
  );
}

/**
 * The form's inputs → the values sent for the category's template: numbers read as numbers
 * (Bengali digits too), an empty input left out (the server says whether it was required), keys of
 * another template dropped; `notNumbers` names the number inputs that hold something else.
 */
export function attributeValuesFor(
  category: Category,
  inputs: AttributeInputs,
): { values: AttributeValues; notNumbers: string[] } {
  const values: AttributeValues = {};
  const notNumbers: string[] = [];
  for (const { key, type } of category.attributes) {
    const input = inputs[key];
    if (input === undefined) continue;
    if (type === 'boolean') {
      if (typeof input === 'boolean') values[key] = input;
      continue;
    }
    const text = String(input).trim();
    if (text === '') continue;
    if (type !== 'number') {
      values[key] = text;
      continue;
    }
    const number = Number(withAsciiDigits(text));
    if (Number.isFinite(number)) values[key] = number;
    else notNumbers.push(key);
  }
  return { values, notNumbers };
}

/** Two sets of values are the same, whatever their keys' order. */
export function sameAttributes(a: AttributeValues | undefined, b: AttributeValues | undefined): boolean {
  const text = (values: AttributeValues | undefined) =>
    JSON.stringify(
      Object.keys(values ?? {})
        .sort()
        .map((key) => [key, values?.[key]]),
    );
  return text(a) === text(b);
}

/** The attribute a refusal names (ATTRIBUTE_REQUIRED, ATTRIBUTE_WRONG_TYPE, …: its `key`), if it names one. */
export function refusedAttribute(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.code?.startsWith('ATTRIBUTE_')) return undefined;
  const key = error.params?.key;
  return typeof key === 'string' ? key : undefined;
}

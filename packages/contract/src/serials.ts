import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';

// The fields of serial-tracked units (issue 36) that the item and stock requests take too
// (product-input.ts); the units' own schemas are units.ts's.

/** The longest serial number (and paired serial) a unit may have. */
export const SERIAL_MAX_LENGTH = 64;
/** The most units one registration may name. */
export const UNITS_PER_REGISTRATION = 500;
/** The longest warranty an item may give, in months. */
export const WARRANTY_MONTHS_MAX = 120;
/** The warranty of an item that says none, in months. */
export const WARRANTY_MONTHS_DEFAULT = 12;

/**
 * A serial number as a unit carries it and as it is compared: the serial trimmed and lower-cased. Two
 * serials with the same key are the same serial (`AB-1 ` and `ab-1`).
 */
export const serialKeyOf = (serial: string): string => serial.trim().toLowerCase();

const notSerial = fieldIssue('NOT_SERIAL', { max: SERIAL_MAX_LENGTH });

/** A serial number as entered: trimmed, 1 to 64 printable ASCII characters. */
export const serialSchema = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.trim(),
  z.minLength(1, notSerial),
  z.maxLength(SERIAL_MAX_LENGTH, notSerial),
  z.regex(/^[\x20-\x7e]+$/, notSerial),
);

/** Who a unit went to: a name, and a phone number when given. */
export const customerSchema = z.strictObject({
  name: checked(
    z.string({ error: requiredOr('NOT_TEXT') }),
    z.trim(),
    z.minLength(1, fieldIssue('REQUIRED')),
    z.maxLength(200, fieldIssue('TOO_LONG', { max: 200 })),
  ),
  phone: z.optional(
    checked(
      z.string({ error: fieldIssue('NOT_TEXT') }),
      z.trim(),
      z.maxLength(40, fieldIssue('TOO_LONG', { max: 40 })),
    ),
  ),
});
export type Customer = z.output<typeof customerSchema>;

/** How long an item's dispatched units are under warranty, in calendar months. */
export const warrantyMonthsSchema = checked(
  z.number({ error: fieldIssue('NOT_WARRANTY_MONTHS', { max: WARRANTY_MONTHS_MAX }) }),
  int(fieldIssue('NOT_WARRANTY_MONTHS', { max: WARRANTY_MONTHS_MAX })),
  z.gte(0, fieldIssue('NOT_WARRANTY_MONTHS', { max: WARRANTY_MONTHS_MAX })),
  z.lte(WARRANTY_MONTHS_MAX, fieldIssue('NOT_WARRANTY_MONTHS', { max: WARRANTY_MONTHS_MAX })),
);

/**
 * An item's settings of serial tracking, which a history entry names as fields beside the editable
 * ones: whether it is tracked (switched by POST /api/product/:id/tracking) and its warranty (edited).
 */
export const UNIT_SETTING_FIELDS = ['serialTracked', 'warrantyMonths'] as const;
export type UnitSettingField = (typeof UNIT_SETTING_FIELDS)[number];

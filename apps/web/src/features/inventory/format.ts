import { CURRENCY_LABEL } from '@walton/contract';

const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** The spec's price label: `BDT $` followed by the amount. */
export const formatPrice = (price: number): string => `${CURRENCY_LABEL} $${amount.format(price)}`;

export const formatCount = (value: number): string => count.format(value);

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

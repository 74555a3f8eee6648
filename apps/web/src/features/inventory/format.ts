import { CURRENCY_LABEL } from '@walton/contract';

export { formatPrice } from '@walton/contract';

const count = new Intl.NumberFormat('en-US');

export const formatCount = (value: number): string => count.format(value);

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** An exact amount from the API (`"1234567.50"`) with the spec's label and grouping, digit for digit. */
export const formatExactAmount = (value: string): string => {
  const [whole = '0', fraction = '00'] = value.replace(/^-/, '').split('.');
  const sign = value.startsWith('-') ? '-' : '';
  return `${sign}${CURRENCY_LABEL} $${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

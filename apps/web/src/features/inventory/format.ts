export { formatPrice } from '@walton/contract';

const count = new Intl.NumberFormat('en-US');

export const formatCount = (value: number): string => count.format(value);

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/**
 * The last day of a warranty of `months` calendar months from `day` (`YYYY-MM-DD`): the same day of
 * the month `months` later, or that month's last day when it is shorter (31 January + 1 month: 28 or
 * 29 February).
 */
export function warrantyUntil(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const monthIndex = year * 12 + (month - 1) + months;
  const endYear = Math.floor(monthIndex / 12);
  const endMonth = (monthIndex % 12) + 1;
  const lastDate = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(endYear, 4)}-${pad(endMonth, 2)}-${pad(Math.min(date, lastDate), 2)}`;
}

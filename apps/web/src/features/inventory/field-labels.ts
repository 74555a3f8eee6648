import type { EditableField } from '@walton/contract';

/** What the pages call each field of an item (the history's lines, the detail page's extra lines). */
export const FIELD_LABELS: Record<EditableField, string> = {
  name: 'Name',
  img: 'Image',
  price: 'Price',
  description: 'Description',
  model: 'Model',
  ram: 'RAM',
  hdd: 'HDD',
  display: 'Display',
  prosesor: 'Prosesor',
  lowStockThreshold: 'Low stock alert at',
};

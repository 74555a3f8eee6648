import type { HistoryField } from '@walton/contract';
import type { MessageKey } from '@/i18n/i18n.ts';

/** What the pages call each field of an item (the history's lines, the detail page's extra lines). */
export const FIELD_LABELS: Record<HistoryField, MessageKey> = {
  name: 'field.name',
  img: 'field.img',
  price: 'field.price',
  description: 'field.description',
  model: 'field.model',
  ram: 'field.ram',
  hdd: 'field.hdd',
  display: 'field.display',
  prosesor: 'field.prosesor',
  lowStockThreshold: 'field.lowStockThreshold',
  serialTracked: 'field.serialTracked',
  warrantyMonths: 'field.warrantyMonths',
  category: 'field.category',
  attributes: 'field.attributes',
};

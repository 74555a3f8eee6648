import type { CreateCategory } from '@walton/contract';

/**
 * The tests' air-conditioner category: one attribute of each type, capacity and type required, under
 * names of each test file's own.
 */
export const airConditionerTemplate = (nameEn: string, nameBn: string): CreateCategory => ({
  nameEn,
  nameBn,
  attributes: [
    {
      key: 'capacity_ton',
      labelEn: 'Capacity',
      labelBn: 'ক্ষমতা',
      type: 'number',
      unit: 'ton',
      required: true,
    },
    { key: 'inverter', labelEn: 'Inverter', labelBn: 'ইনভার্টার', type: 'boolean', required: false },
    {
      key: 'type',
      labelEn: 'Type',
      labelBn: 'ধরন',
      type: 'choice',
      options: ['split', 'window', 'portable', 'cassette'],
      required: true,
    },
    { key: 'refrigerant', labelEn: 'Refrigerant', labelBn: 'রেফ্রিজারেন্ট', type: 'text', required: false },
  ],
});

import { server } from '@test/msw-server.ts';
import type { Category } from '@walton/contract';
import { HttpResponse, http } from 'msw';

/** The demo catalogue's air-conditioner category, as GET /api/categories lists it. */
export const airConditioner: Category = {
  id: 'air-conditioner',
  nameEn: 'Air conditioner',
  nameBn: 'এয়ার কন্ডিশনার',
  version: 1,
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
      required: false,
    },
    { key: 'refrigerant', labelEn: 'Refrigerant', labelBn: 'রেফ্রিজারেন্ট', type: 'text', required: false },
  ],
};

/** GET /api/categories answers these categories. */
export const categoriesAre = (categories: Category[]) =>
  server.use(http.get('/api/categories', () => HttpResponse.json(categories)));

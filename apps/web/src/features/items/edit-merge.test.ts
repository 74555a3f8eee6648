import type { Product } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { editFrom, editValuesOf, mergeEdit } from './edit-merge.ts';

const product: Product = {
  _id: 'p1',
  name: 'Walton AC',
  img: '/images/products/a.svg',
  price: 45_000,
  quentity: 3,
  description: 'Cool.',
  suplerName: 'Rahim',
  email: 'rahim@example.com',
  model: 'M1',
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};
const base = editValuesOf(product);

describe('editFrom', () => {
  it('sends only the fields that changed, an emptied one as ""', () => {
    expect(editFrom(base, { ...base, price: 47_500, model: undefined, ram: '' })).toEqual({
      price: 47_500,
      model: '',
    });
    expect(editFrom(base, { ...base })).toEqual({});
  });
});

describe('mergeEdit', () => {
  it('takes what only they changed, keeps what only you changed', () => {
    const theirs = { ...base, name: 'Their name' };
    const yours = { ...base, description: 'Your description' };
    expect(mergeEdit(base, yours, theirs)).toEqual({
      values: { ...base, name: 'Their name', description: 'Your description' },
      conflicts: [],
    });
  });

  it('asks about a field both changed differently, and not when both chose the same', () => {
    const theirs = { ...base, price: 47_500, name: 'Same' };
    const yours = { ...base, price: 48_000, name: 'Same' };
    const merged = mergeEdit(base, yours, theirs);
    expect(merged.conflicts).toEqual([{ field: 'price', theirs: 47_500, yours: 48_000 }]);
    expect(merged.values).toEqual({ ...base, price: 47_500, name: 'Same' });
  });

  it('keeps your category with your attribute values as one, and theirs when you left them', () => {
    const yours = {
      ...base,
      category: 'air-conditioner',
      attributes: { capacity_ton: '1.5', inverter: true },
    };
    const theirs = { ...base, name: 'Their name', category: 'fan', attributes: { sweep_mm: '1200' } };
    expect(mergeEdit(base, yours, theirs).values).toEqual({
      ...theirs,
      category: 'air-conditioner',
      attributes: { capacity_ton: '1.5', inverter: true },
    });
    expect(mergeEdit(base, { ...base, description: 'Yours' }, theirs).values).toEqual({
      ...theirs,
      description: 'Yours',
    });
  });
});

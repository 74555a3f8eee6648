import { airConditioner } from '@test/features/category-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { attributeFilters } from './attribute-filters.ts';

describe('attributeFilters', () => {
  it('makes a range of a number’s bounds, open at an end left empty', () => {
    expect(attributeFilters(airConditioner, { 'capacity_ton.min': '1', 'capacity_ton.max': '1.5' })).toEqual({
      capacity_ton: '1..1.5',
    });
    expect(attributeFilters(airConditioner, { 'capacity_ton.min': '1' })).toEqual({ capacity_ton: '1..' });
    expect(attributeFilters(airConditioner, { 'capacity_ton.max': '২' })).toEqual({ capacity_ton: '..2' });
    expect(
      attributeFilters(airConditioner, { 'capacity_ton.min': '1.5', 'capacity_ton.max': '1.5' }),
    ).toEqual({
      capacity_ton: '1.5',
    });
  });

  it('reads bounds typed the wrong way round as the range between them', () => {
    expect(attributeFilters(airConditioner, { 'capacity_ton.min': '1.5', 'capacity_ton.max': '1' })).toEqual({
      capacity_ton: '1..1.5',
    });
  });

  it('leaves out a bound that is not a number, and every attribute left at any', () => {
    expect(attributeFilters(airConditioner, { 'capacity_ton.min': 'abc', inverter: '', type: ' ' })).toEqual(
      {},
    );
  });

  it('sends a boolean, a choice and a text as chosen, and nothing of keys outside the template', () => {
    expect(
      attributeFilters(airConditioner, {
        inverter: 'false',
        type: 'split',
        refrigerant: 'R32',
        colour: 'red',
      }),
    ).toEqual({ inverter: 'false', type: 'split', refrigerant: 'R32' });
  });
});

import type { HistoryEntry } from '@walton/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { actorOf, describeEntry, formatAgo } from './history-lines.ts';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'e1',
  productId: 'p1',
  kind: 'edited',
  version: 2,
  actor: 'rahim@example.com',
  actorName: 'Rahim',
  at: '2026-01-01T00:00:00.000Z',
  delta: 0,
  quantityAfter: 5,
  moved: 0,
  fromLocation: null,
  toLocation: null,
  changes: [],
  ...overrides,
});

describe('history lines', () => {
  it('reads an edit as each field, old → new, with prices as the pages show them', () => {
    const price = entry({ changes: [{ field: 'price', from: '45000.00', to: '47500.50' }] });
    expect(describeEntry(price)).toBe('Price BDT $45,000 → BDT $47,500.5');
    const two = entry({
      changes: [
        { field: 'name', from: 'Old', to: 'New' },
        { field: 'prosesor', from: null, to: 'Wi-Fi' },
      ],
    });
    expect(describeEntry(two)).toBe('Name “Old” → “New”; Prosesor (none) → “Wi-Fi”');
  });

  it('reads the stock kinds', () => {
    expect(describeEntry(entry({ kind: 'created', delta: 5 }))).toBe('Added with 5 in stock');
    expect(describeEntry(entry({ kind: 'delivered', delta: -1, quantityAfter: 4 }))).toBe(
      'Delivered 1, 4 left',
    );
    expect(describeEntry(entry({ kind: 'restocked', delta: 10, quantityAfter: 1014 }))).toBe(
      'Restocked +10, 1,014 in stock',
    );
    expect(describeEntry(entry({ kind: 'deleted' }))).toBe('Moved to the trash');
    expect(describeEntry(entry({ kind: 'restored' }))).toBe('Restored from the trash');
  });

  it('names the locations a stock change moved units out of or into', () => {
    const main = { id: 'l1', name: 'Main warehouse' };
    const showroom = { id: 'l2', name: 'Mirpur showroom' };
    expect(
      describeEntry(
        entry({ kind: 'transferred', moved: 5, quantityAfter: 20, fromLocation: main, toLocation: showroom }),
      ),
    ).toBe('Moved 5 from Main warehouse to Mirpur showroom');
    expect(
      describeEntry(
        entry({ kind: 'delivered', delta: -1, quantityAfter: 4, moved: 1, fromLocation: showroom }),
      ),
    ).toBe('Delivered 1 at Mirpur showroom, 4 left');
    expect(
      describeEntry(
        entry({ kind: 'restocked', delta: 10, quantityAfter: 1014, moved: 10, toLocation: main }),
      ),
    ).toBe('Restocked +10 at Main warehouse, 1,014 in stock');
    expect(describeEntry(entry({ kind: 'created', quantityAfter: 5, moved: 5, toLocation: main }))).toBe(
      'Added with 5 in stock at Main warehouse',
    );
  });

  it("reads a receipt's units and a count's adjustment, with their location", async () => {
    const showroom = { id: 'l2', name: 'Mirpur showroom' };
    const received = entry({ kind: 'received', delta: 12, quantityAfter: 1012, moved: 12 });
    const adjusted = entry({ kind: 'adjusted', delta: -2, quantityAfter: 8, moved: 2 });
    expect(describeEntry(received)).toBe('Received +12 on a receipt, 1,012 in stock');
    expect(describeEntry({ ...received, toLocation: showroom })).toBe(
      'Received +12 at Mirpur showroom on a receipt, 1,012 in stock',
    );
    expect(describeEntry(adjusted)).toBe('Count adjusted: -2, 8 in stock');
    expect(describeEntry({ ...adjusted, fromLocation: showroom })).toBe(
      'Count adjusted at Mirpur showroom: -2, 8 in stock',
    );
    expect(describeEntry({ ...adjusted, delta: 3, quantityAfter: 13 })).toBe(
      'Count adjusted: +3, 13 in stock',
    );
    await activateLanguage('bn');
    expect(describeEntry({ ...received, toLocation: showroom })).toBe(
      'Mirpur showroom-এ রসিদে রিসিভ +১২, স্টকে ১,০১২টি',
    );
    expect(describeEntry(adjusted)).toBe('গণনায় সমন্বয়: -২, স্টকে ৮টি');
  });

  afterEach(() => activateLanguage('en'));

  it('says who and how long ago', () => {
    expect(actorOf(entry({}))).toBe('Rahim');
    expect(actorOf(entry({ actorName: '' }))).toBe('rahim@example.com');
    const now = Date.parse('2026-01-01T00:02:10.000Z');
    expect(formatAgo('2026-01-01T00:00:00.000Z', now)).toBe('2 min ago');
    expect(formatAgo('2026-01-01T00:02:05.000Z', now)).toBe('now');
  });
});

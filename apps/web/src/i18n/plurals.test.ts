import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadPageMessages, translate } from './i18n.ts';

describe('counts in words', () => {
  afterAll(() => activateLanguage('en'));

  it('says one item, two items (never "1 new items") in English', async () => {
    await loadPageMessages();
    await activateLanguage('en');
    expect(translate('import.created', { count: 1 })).toBe('1 new item');
    expect(translate('import.created', { count: 2 })).toBe('2 new items');
    expect(translate('import.toast', { count: 1 })).toBe('Imported 1 new item');
    expect(translate('import.toast', { count: 1200 })).toBe('Imported 1,200 new items');
    expect(translate('dash.days', { days: 1 })).toBe('1 day');
    expect(translate('dash.days', { days: 30 })).toBe('30 days');
    expect(translate('dash.topLabel', { count: 1, days: 7 })).toBe(
      'Bar chart: 1 item with the most units delivered over the last 7 days, by rank',
    );
  });

  it('writes the count in Bengali digits in Bengali', async () => {
    await activateLanguage('bn');
    expect(translate('import.created', { count: 12 })).toBe('নতুন আইটেম ১২টি');
    expect(translate('import.toast', { count: 1 })).toBe('১টি নতুন আইটেম ইমপোর্ট হয়েছে');
    expect(translate('dash.days', { days: 30 })).toBe('৩০ দিন');
  });
});

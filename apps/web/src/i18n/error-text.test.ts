import { unitStatusParams } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';
import { activateLanguage, loadPageMessages } from './i18n.ts';

describe('a refusal naming a status', () => {
  afterAll(() => activateLanguage('en'));

  it('says the closed receipt’s status in Bengali words in Bengali, and the server’s words in English', async () => {
    await loadPageMessages();
    const closed = (status: string) => ({
      message: `This receipt is ${status}: it takes no more changes`,
      code: 'RECEIPT_CLOSED',
      params: { status },
    });
    await activateLanguage('bn');
    expect(errorText(closed('received'))).toBe('এই রিসিটটি গ্রহণ করা হয়ে গেছে: এতে আর কোনো পরিবর্তন হবে না');
    expect(errorText(closed('cancelled'))).toBe('এই রিসিটটি বাতিল করা হয়েছে: এতে আর কোনো পরিবর্তন হবে না');
    expect(errorText(closed('received'))).not.toMatch(/[A-Za-z]/);
    await activateLanguage('en');
    expect(errorText(closed('received'))).toBe('This receipt is received: it takes no more changes');
  });

  it('says an unavailable unit’s status in Bengali words, chosen by the status itself', async () => {
    await loadPageMessages();
    const unavailable = (status: 'in_stock' | 'reserved' | 'dispatched') => {
      const params = { serial: 'SN-1', ...unitStatusParams(status), location: 'Main warehouse' };
      return {
        message: `The unit SN-1 is not available: it is ${params.status} (Main warehouse)`,
        code: 'UNIT_NOT_AVAILABLE',
        params,
      };
    };
    await activateLanguage('bn');
    expect(errorText(unavailable('reserved'))).toBe('SN-1 ইউনিটটি পাওয়া যাচ্ছে না: এটি সংরক্ষিত (Main warehouse)');
    expect(errorText(unavailable('dispatched'))).toBe(
      'SN-1 ইউনিটটি পাওয়া যাচ্ছে না: এটি পাঠানো হয়েছে (Main warehouse)',
    );
    expect(errorText(unavailable('in_stock'))).toBe('SN-1 ইউনিটটি পাওয়া যাচ্ছে না: এটি স্টকে আছে (Main warehouse)');
    await activateLanguage('en');
    expect(errorText(unavailable('in_stock'))).toBe(
      'The unit SN-1 is not available: it is in stock (Main warehouse)',
    );
  });
});

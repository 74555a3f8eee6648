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
});

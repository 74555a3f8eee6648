import { describe, expect, it } from 'vitest';
import {
  inertText,
  lowStockEmail,
  MAIL_NAME_MAX_LENGTH,
  passwordResetEmail,
  verificationEmail,
} from '../../src/mail/templates.ts';
import { signUp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { mailingApp } from '../support/mailing-app.ts';

/** At most MAIL_NAME_MAX_LENGTH characters, so none of it is cut off. */
const HOSTILE_NAME = '<b>x</b> http://evil.example\nwww.evil.example a@evil.example';
const OUR_LINK = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=x';

/** Anything a mail client might turn into a link besides ours. */
const LINK_LIKE = /https?:\/\/|www\.|[\w-]\.(?:example|com|net|org)\b|@/i;

describe('inertText', () => {
  it.each([
    ['Rahim Uddin', 'Rahim Uddin'],
    ['J. Smith', 'J. Smith'],
    ['evil.example', 'evil. example'],
    ['Walton WSI-INVERNA-18C 1.5 Ton', 'Walton WSI-INVERNA-18C 1.5 Ton'],
    ['evil.1.example', 'evil.1. example'],
    ['see https://evil.example/x', 'see https colon-slash-slash evil. example/x'],
    ['me@evil.example', 'me at evil. example'],
    ['line\nbreak\u202Eright-to-left', 'line break right-to-left'],
  ])('%j → %j', (name, expected) => {
    expect(inertText(name)).toBe(expected);
  });

  it(`caps a name at ${MAIL_NAME_MAX_LENGTH} characters`, () => {
    const long = inertText('a'.repeat(5000));
    expect([...long].length).toBeLessThanOrEqual(MAIL_NAME_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('mail templates', () => {
  it('are tested with a name short enough to show whole', () => {
    expect(HOSTILE_NAME.length).toBeLessThanOrEqual(MAIL_NAME_MAX_LENGTH);
  });

  it.each([
    ['verification', verificationEmail({ name: HOSTILE_NAME, email: 'to@walton.test' }, OUR_LINK)],
    ['reset', passwordResetEmail({ name: HOSTILE_NAME, email: 'to@walton.test' }, OUR_LINK, 60)],
    [
      'low-stock',
      lowStockEmail('to@walton.test', {
        productName: HOSTILE_NAME,
        quantity: 1,
        threshold: 2,
        url: OUR_LINK,
      }),
    ],
    [
      'Bengali low-stock',
      lowStockEmail(
        'to@walton.test',
        { productName: HOSTILE_NAME, quantity: 1, threshold: 2, url: OUR_LINK },
        'bn',
      ),
    ],
  ])('the %s mail carries the name as plain text and no link but ours', (_, mail) => {
    const withoutOurLink = (text: string) =>
      text.split(OUR_LINK).join('').split(OUR_LINK.replace(/&/g, '&#38;')).join('');
    expect(mail.subject).not.toMatch(LINK_LIKE);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(withoutOurLink(mail.text)).not.toMatch(LINK_LIKE);
    expect(withoutOurLink(mail.html)).not.toMatch(/https?:\/\/|www\.|<b>/i);
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.links).toEqual([OUR_LINK]);
    expect(mail.html).toContain('&#60;b&#62;x&#60;/b&#62;');
  });
});

describe.each(TEST_ENGINES)('mail as received over SMTP on %s', (engine) => {
  const running = mailingApp(engine);

  it('has one link, ours, whatever the name says', async () => {
    const user = await signUp(running.app, { name: 'Go to http://evil.example now' });
    const mail = await running.smtp.waitForMail(user.email, /confirm your email/);
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=/);
    expect(mail.text).toContain('Go to http colon-slash-slash evil. example now');
    expect(mail.html.match(/<a /g)).toHaveLength(1);
  });
});

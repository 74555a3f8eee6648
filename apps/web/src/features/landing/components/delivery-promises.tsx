import { MONEY_BACK_DAYS } from '@walton/contract';
import type { ReactNode } from 'react';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, useTranslate } from '@/i18n/i18n.ts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="48"
      height="48"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const PROMISES = [
  {
    title: 'delivery.worldwide.title',
    text: 'delivery.worldwide.text',
    icon: (
      <Icon>
        <circle cx="24" cy="24" r="18" />
        <path d="M6 24h36M24 6c6 6 6 30 0 36M24 6c-6 6-6 30 0 36" />
      </Icon>
    ),
  },
  {
    title: 'delivery.free.title',
    text: 'delivery.free.text',
    icon: (
      <Icon>
        <path d="M4 12h24v20H4zM28 18h9l7 7v7h-16" />
        <circle cx="12" cy="36" r="4" />
        <circle cx="36" cy="36" r="4" />
      </Icon>
    ),
  },
  {
    title: 'delivery.moneyBack.title',
    text: 'delivery.moneyBack.text',
    icon: (
      <Icon>
        <path d="M24 4l16 6v12c0 10-7 18-16 22C15 40 8 32 8 22V10z" />
        <path d="M17 24l5 5 9-10" />
      </Icon>
    ),
  },
] as const satisfies ReadonlyArray<{ title: MessageKey; text: MessageKey; icon: ReactNode }>;

/** The three delivery promises. */
export function DeliveryPromises() {
  const t = useTranslate();
  const days = useFormatters().count(MONEY_BACK_DAYS);
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="delivery-heading">
      <div className="container">
        <h2 id="delivery-heading" className="text-center fw-bold mb-4">
          {t('delivery.heading')}
        </h2>
        <ul className="row g-4 list-unstyled mb-0">
          {PROMISES.map((promise) => (
            <li className="col-md-4" key={promise.title}>
              <div className="h-100 text-center p-4 bg-body rounded-3 shadow-sm">
                <div className="text-primary mb-3">{promise.icon}</div>
                <h3 className="h5 fw-bold">{t(promise.title, { days })}</h3>
                <p className="mb-0">{t(promise.text, { days })}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

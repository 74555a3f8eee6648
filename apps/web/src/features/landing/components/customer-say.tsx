import { useState } from 'react';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';

/** Each topic's messages: `customerSay.<topic>.title`, `.body`, `.quote` and `.customer`. */
const TOPICS = ['why', 'budget', 'smart', 'energy', 'inverter'] as const;

/** The spec's eco-mode electricity cost, taka per hour. */
const ECO_COST_TAKA_PER_HOUR = 2.88;

/**
 * WHAT CUSTOMER SAY: five topics, the first open, only one open at a time. A plain accordion on
 * Bootstrap's classes: each topic is a button (Enter/Space, aria-expanded) controlling a labelled
 * section (a region); no component library, so the landing page stays light.
 */
export function CustomerSay() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const t = useTranslate();
  const format = useFormatters();
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="customer-say-heading">
      <div className="container">
        <h2 id="customer-say-heading" className="text-center fw-bold mb-4">
          {t('customerSay.heading')}
        </h2>
        <div className="accordion mx-auto customer-say">
          {TOPICS.map((topic, index) => {
            const open = openIndex === index;
            const headerId = `customer-say-${index}-header`;
            const panelId = `customer-say-${index}`;
            return (
              <div className="accordion-item" key={topic}>
                <h3 className="accordion-header" id={headerId}>
                  <button
                    type="button"
                    className={`accordion-button${open ? '' : ' collapsed'}`}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : index)}
                  >
                    {t(`customerSay.${topic}.title`)}
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={headerId}
                  className={`accordion-collapse collapse${open ? ' show' : ''}`}
                >
                  <div className="accordion-body">
                    <p>{t(`customerSay.${topic}.body`, { cost: format.count(ECO_COST_TAKA_PER_HOUR) })}</p>
                    <figure className="mb-0 border-start border-4 border-primary ps-3">
                      <blockquote className="blockquote fs-6">
                        <p className="mb-0">“{t(`customerSay.${topic}.quote`)}”</p>
                      </blockquote>
                      <figcaption className="blockquote-footer mb-0">
                        {t(`customerSay.${topic}.customer`)}
                      </figcaption>
                    </figure>
                  </div>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

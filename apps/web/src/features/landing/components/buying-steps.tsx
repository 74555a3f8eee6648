import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, useTranslate } from '@/i18n/i18n.ts';

const STEPS = [
  { title: 'steps.size.title', text: 'steps.size.text' },
  { title: 'steps.deliver.title', text: 'steps.deliver.text' },
  { title: 'steps.install.title', text: 'steps.install.text' },
] as const satisfies ReadonlyArray<{ title: MessageKey; text: MessageKey }>;

/** Extra section: how buying an AC from the warehouse works. */
export function BuyingSteps() {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <section className="py-5" aria-labelledby="buying-steps-heading">
      <div className="container">
        <h2 id="buying-steps-heading" className="text-center fw-bold mb-4">
          {t('steps.heading')}
        </h2>
        <ol className="row g-4 list-unstyled mb-0 buying-steps">
          {STEPS.map((step, index) => (
            <li className="col-md-4" key={step.title}>
              <div className="d-flex gap-3">
                <span className="buying-step-number" aria-hidden="true">
                  {format.count(index + 1)}
                </span>
                <div>
                  <h3 className="h5 fw-bold">{t(step.title)}</h3>
                  <p className="mb-0">{t(step.text)}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

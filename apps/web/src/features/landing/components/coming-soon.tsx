import { useTranslate } from '@/i18n/i18n.ts';

/** Coming-soon banner: the next product line. */
export function ComingSoon() {
  const t = useTranslate();
  return (
    <section className="coming-soon text-white py-5" aria-labelledby="coming-soon-heading">
      <div className="container text-center">
        <p className="text-uppercase fw-bold small mb-2 coming-soon-eyebrow">{t('comingSoon.eyebrow')}</p>
        <h2 id="coming-soon-heading" className="display-6 fw-bold">
          {t('comingSoon.heading')}
        </h2>
        <p className="lead mx-auto mb-0 coming-soon-text">{t('comingSoon.text')}</p>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useLanguage, useTranslate } from '../i18n/i18n.ts';
import { localisedPath } from '../i18n/language.ts';

/** Any unknown path: the spec's not-found image, plus a way back. */
export default function NotFound() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="container py-5 text-center" aria-labelledby="not-found-heading">
      <img
        src="/images/not-found.svg"
        width={600}
        height={400}
        className="img-fluid"
        alt={t('notFound.imageAlt')}
      />
      <h1 id="not-found-heading" className="h3 mt-4">
        {t('notFound.heading')}
      </h1>
      <p className="text-body-secondary">{t('notFound.text')}</p>
      <Link to={localisedPath(paths.home, language)} className="btn btn-primary">
        {t('common.backToHome')}
      </Link>
    </section>
  );
}

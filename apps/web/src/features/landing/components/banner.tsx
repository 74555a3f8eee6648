import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';
import { localisedPath } from '@/i18n/language.ts';

/** Landing hero: headline, promo text and Read More to the blog. */
export function Banner() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="landing-banner text-white" aria-labelledby="banner-heading">
      <div className="container py-5">
        <div className="row align-items-center g-4">
          <div className="col-lg-6">
            <p className="text-uppercase fw-semibold small mb-2 landing-banner-eyebrow">
              {t('banner.eyebrow')}
            </p>
            <h1 id="banner-heading" className="display-5 fw-bold">
              {t('banner.heading')}
            </h1>
            <p className="lead my-4">{t('banner.text')}</p>
            {/* The spec's "Read More", with a hidden ending that says where it leads (link text that
                stands alone, for screen readers and search engines). */}
            <Link to={localisedPath(paths.blog, language)} className="btn btn-warning btn-lg fw-semibold">
              {t('banner.readMore')} <span className="visually-hidden">{t('banner.readMoreWhere')}</span>
            </Link>
          </div>
          <div className="col-lg-6 text-center">
            <img
              src="/images/banner.svg"
              width={640}
              height={480}
              className="img-fluid"
              alt={t('banner.imageAlt')}
              fetchPriority="high"
            />
          </div>
        </div>
      </div>
    </section>
  );
}

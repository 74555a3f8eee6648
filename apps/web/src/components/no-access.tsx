import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useTranslate } from '../i18n/i18n.ts';
import { usePageTitle } from './page-title.tsx';

/**
 * A page (or an item's page) the signed-in user's role may not open: says so, with a way back,
 * instead of a page whose every request would be refused. The server refuses them all the same.
 */
export default function NoAccess() {
  const t = useTranslate();
  usePageTitle('page.noAccess');
  return (
    <section className="container py-5 text-center" aria-labelledby="no-access-heading">
      <h1 id="no-access-heading" className="h3">
        {t('noAccess.heading')}
      </h1>
      <p className="text-body-secondary">{t('noAccess.text')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.home} className="btn btn-primary">
          {t('common.backToHome')}
        </Link>
        <Link to={paths.manageItems} className="btn btn-outline-secondary">
          {t('noAccess.toInventory')}
        </Link>
      </div>
    </section>
  );
}

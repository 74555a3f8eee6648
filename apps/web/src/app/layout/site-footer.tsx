import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { type MessageKey, useLanguage, useTranslate } from '../../i18n/i18n.ts';
import { localisedPath } from '../../i18n/language.ts';

/** A footer entry that is a page of ours: its text and where it leads. */
interface FooterLink {
  label: MessageKey;
  to: string;
}

const COLUMNS = [
  {
    heading: 'footer.customerService',
    items: [
      'footer.helpCentre',
      'footer.installationBooking',
      { label: 'footer.warrantyCheck', to: paths.warranty },
      'footer.warrantyClaims',
      'footer.returns',
    ],
  },
  {
    heading: 'footer.information',
    items: ['footer.deliveryInformation', 'footer.energyGuide', 'footer.privacy', 'footer.terms'],
  },
  {
    heading: 'footer.aboutUs',
    items: ['footer.ourStory', 'footer.hiTechPark', 'footer.corporateSales', 'footer.careers'],
  },
] as const satisfies ReadonlyArray<{ heading: MessageKey; items: ReadonlyArray<MessageKey | FooterLink> }>;

const HOTLINE = 16267;

/**
 * Footer on every page: customer service (the warranty check links to its page, in the page's
 * language), information, about us and contact text, opening hours.
 */
export function SiteFooter() {
  const t = useTranslate();
  const format = useFormatters();
  const language = useLanguage();
  return (
    <footer className="site-footer bg-dark text-light pt-5 pb-4 d-print-none">
      <div className="container">
        <div className="row g-4">
          {COLUMNS.map((column) => (
            <div className="col-6 col-lg-3" key={column.heading}>
              <h2 className="h6 text-uppercase fw-bold">{t(column.heading)}</h2>
              <ul className="list-unstyled small mb-0">
                {column.items.map((item) =>
                  typeof item === 'string' ? (
                    <li key={item} className="py-1">
                      {t(item)}
                    </li>
                  ) : (
                    <li key={item.label} className="py-1">
                      <Link to={localisedPath(item.to, language)} className="link-light">
                        {t(item.label)}
                      </Link>
                    </li>
                  ),
                )}
              </ul>
            </div>
          ))}
          <div className="col-6 col-lg-3">
            <h2 className="h6 text-uppercase fw-bold">{t('footer.contact')}</h2>
            <address className="small mb-0">
              <span className="d-block py-1">{t('footer.address')}</span>
              <span className="d-block py-1">{t('footer.hotline', { number: format.digits(HOTLINE) })}</span>
              <span className="d-block py-1">
                {t('footer.openingHours')}{' '}
                <span className="text-nowrap" data-testid="opening-hours">
                  {t('footer.hours')}
                </span>
              </span>
            </address>
          </div>
        </div>
        <p className="small text-center mb-0 mt-4 pt-3 border-top border-secondary">
          {t('footer.copyright', { year: format.digits(__BUILD_YEAR__) })}
        </p>
      </div>
    </footer>
  );
}

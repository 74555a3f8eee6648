import { SPEC_TEXT } from '@walton/contract';

const COLUMNS = [
  {
    heading: 'Customer service',
    items: ['Help centre', 'Installation booking', 'Warranty claims', 'Returns and refunds'],
  },
  {
    heading: 'Information',
    items: ['Delivery information', 'Energy saving guide', 'Privacy policy', 'Terms and conditions'],
  },
  {
    heading: 'About us',
    items: ['Our story', 'Walton Hi-Tech Park', 'Corporate sales', 'Careers'],
  },
] as const;

/** Footer on every page: static customer service, information, about us and contact text, opening hours. */
export function SiteFooter() {
  return (
    <footer className="site-footer bg-dark text-light pt-5 pb-4 d-print-none">
      <div className="container">
        <div className="row g-4">
          {COLUMNS.map((column) => (
            <div className="col-6 col-lg-3" key={column.heading}>
              <h2 className="h6 text-uppercase fw-bold">{column.heading}</h2>
              <ul className="list-unstyled small mb-0">
                {column.items.map((item) => (
                  <li key={item} className="py-1">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="col-6 col-lg-3">
            <h2 className="h6 text-uppercase fw-bold">Contact</h2>
            <address className="small mb-0">
              <span className="d-block py-1">Walton Warehouse, Chandra, Kaliakair, Gazipur</span>
              <span className="d-block py-1">Hotline: 16267</span>
              <span className="d-block py-1">
                Opening hours:{' '}
                <span className="text-nowrap" data-testid="opening-hours">
                  {SPEC_TEXT.openingHours}
                </span>
              </span>
            </address>
          </div>
        </div>
        <p className="small text-center mb-0 mt-4 pt-3 border-top border-secondary">
          © {__BUILD_YEAR__} Walton Warehouse. Cooling Bangladesh, one room at a time.
        </p>
      </div>
    </footer>
  );
}

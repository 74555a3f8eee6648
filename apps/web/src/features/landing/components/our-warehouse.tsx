import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';

const STORAGE_SQ_FT = 40_000;
const AC_TYPES = 6;

/** OUR WAREHOUSE: the photo and what happens there. */
export function OurWarehouse() {
  const t = useTranslate();
  const format = useFormatters();
  const facts = [
    {
      value: t('warehouse.area.value', { area: format.count(STORAGE_SQ_FT) }),
      label: t('warehouse.area.label'),
    },
    {
      value: t('warehouse.types.value', { count: format.count(AC_TYPES) }),
      label: t('warehouse.types.label'),
    },
    { value: t('warehouse.sameDay.value'), label: t('warehouse.sameDay.label') },
  ];
  return (
    <section className="py-5" aria-labelledby="warehouse-heading">
      <div className="container">
        <h2 id="warehouse-heading" className="text-center fw-bold mb-4">
          {t('warehouse.heading')}
        </h2>
        <div className="row align-items-center g-4">
          <div className="col-lg-7">
            <img
              src="/images/warehouse.svg"
              width={960}
              height={540}
              className="img-fluid rounded-3 shadow-sm"
              alt={t('warehouse.imageAlt')}
              loading="lazy"
            />
          </div>
          <div className="col-lg-5">
            <p>{t('warehouse.text')}</p>
            <dl className="row mb-0">
              {facts.map((fact) => (
                <div className="col-12 d-flex gap-3 align-items-baseline py-1" key={fact.label}>
                  <dt className="fw-bold text-primary-emphasis warehouse-fact-value">{fact.value}</dt>
                  <dd className="mb-0">{fact.label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}

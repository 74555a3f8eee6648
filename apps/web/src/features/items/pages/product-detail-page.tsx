import type { Product } from '@walton/contract';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ShownQuantity } from '@/entities/offline/pending-quantity.tsx';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { ProductLoadError } from '@/entities/products/components/product-load-error.tsx';
import { FIELD_LABELS } from '@/entities/products/field-labels.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useAccess, useCan } from '@/lib/me.ts';
import { HeldStock } from '../components/held-stock.tsx';
import { LowStockBadge } from '../components/low-stock-badge.tsx';
import { ProductImage } from '../components/product-image.tsx';

const DETAIL_LINES = ['model', 'ram', 'hdd', 'display', 'prosesor'] as const satisfies ReadonlyArray<
  keyof Product & keyof typeof FIELD_LABELS
>;

/**
 * What other features show of the item on its page, composed by the app layer
 * (`app/routes/product-detail-route.tsx`): the stock buttons, the stock at each location, the
 * movements and history sections (for whoever may read them) and the stock chart (for whoever reads
 * the dashboard).
 */
export interface ProductDetailParts {
  stockActions: (product: Product) => ReactNode;
  stockByLocation: (product: Product) => ReactNode;
  /** The units of an item tracked by serial number. */
  units: (product: Product) => ReactNode;
  records: (product: Product) => ReactNode;
  stockChart: (product: Product) => ReactNode;
}

function ProductDetails({ product, parts }: { product: Product; parts: ProductDetailParts }) {
  const t = useTranslate();
  const format = useFormatters();
  const may = useAccess();
  const lines = DETAIL_LINES.flatMap((key) => {
    const value = product[key];
    return value ? [{ key, label: FIELD_LABELS[key], value }] : [];
  });

  return (
    <>
      <Row className="g-4">
        <Col md={5} className="text-center">
          <ProductImage src={product.img} name={product.name} width={480} height={320} className="rounded" />
        </Col>
        <Col md={7} className="text-break">
          <h1 className="h2">{product.name}</h1>
          <p className="fs-5 fw-semibold text-primary-emphasis mb-2">{format.price(product.price)}</p>
          <p className="mb-2" aria-live="polite">
            {t('detail.quantity')} <ShownQuantity product={product} />{' '}
            <LowStockBadge product={product} className="ms-1" />
            <HeldStock product={product} className="d-block" />
          </p>
          <p className="mb-2">
            {t('detail.supplier')} {product.suplerName}
            {product.email && (
              <>
                {' '}
                (<a href={`mailto:${product.email}`}>{product.email}</a>)
              </>
            )}
          </p>
          <p>{product.description}</p>
          {lines.length > 0 && (
            <dl className="row small mb-3">
              {lines.map(({ key, label, value }) => (
                <div key={key} className="d-flex gap-2">
                  <dt className="fw-semibold">{t(label)}:</dt>
                  <dd className="mb-1">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="d-flex flex-wrap gap-2">
            {parts.stockActions(product)}
            {may('item.edit', product) && (
              <Link to={paths.itemEdit(product._id)} className="btn btn-outline-secondary">
                {t('detail.edit')}
              </Link>
            )}
          </div>
        </Col>
      </Row>
      {parts.stockByLocation(product)}
      {product.serialTracked && parts.units(product)}
      {/* A supplier reads the movements and history of the items they supply only. */}
      {may('history.read', product) && parts.records(product)}
    </>
  );
}

export default function ProductDetailPage({ parts }: { parts: ProductDetailParts }) {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const t = useTranslate();
  // The stock chart is the dashboard's figure of one item.
  const readsStock = useCan('dashboard.read');

  return (
    <div className="container py-4">
      {product.isPending ? (
        <Spinner label={t('detail.loading')} />
      ) : product.isError ? (
        <ProductLoadError
          product={product}
          notFound={() => (
            <div className="py-4" role="alert">
              <h1 className="h3">{t('detail.notFound')}</h1>
              <p>{t('detail.notFoundText')}</p>
            </div>
          )}
        />
      ) : (
        <>
          <ProductDetails product={product.data} parts={parts} />
          {readsStock && parts.stockChart(product.data)}
        </>
      )}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.home} className="btn btn-outline-secondary">
          {t('common.backToHome')}
        </Link>
        <Link to={paths.manageItems} className="btn btn-primary">
          {t('detail.goManage')}
        </Link>
      </div>
    </div>
  );
}

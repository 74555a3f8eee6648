import type { Product } from '@walton/contract';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useAccess, useCan } from '@/lib/me.ts';
import { useProduct } from '../api/get-product.ts';
import { HistoryList } from '../components/history-list.tsx';
import { LowStockBadge } from '../components/low-stock-badge.tsx';
import { MovementList } from '../components/movement-list.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { ProductLoadError } from '../components/product-load-error.tsx';
import { StockActions } from '../components/stock-actions.tsx';
import { StockHistory } from '../components/stock-history.tsx';
import { FIELD_LABELS } from '../field-labels.ts';

const DETAIL_LINES = ['model', 'ram', 'hdd', 'display', 'prosesor'] as const satisfies ReadonlyArray<
  keyof Product & keyof typeof FIELD_LABELS
>;

function ProductDetails({ product }: { product: Product }) {
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
            {t('detail.quantity')} <strong data-testid="quantity">{format.count(product.quentity)}</strong>{' '}
            <LowStockBadge product={product} className="ms-1" />
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
            <StockActions product={product} />
            {may('item.edit', product) && (
              <Link to={paths.itemEdit(product._id)} className="btn btn-outline-secondary">
                {t('detail.edit')}
              </Link>
            )}
          </div>
        </Col>
      </Row>
      {/* A supplier reads the movements and history of the items they supply only. */}
      {may('history.read', product) && (
        <>
          <MovementList productId={product._id} />
          <HistoryList product={product} />
        </>
      )}
    </>
  );
}

export default function ProductDetailPage() {
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
          <ProductDetails product={product.data} />
          {readsStock && <StockHistory id={product.data._id} name={product.data.name} />}
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

import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useDispatch } from '../api/dispatches.ts';
import { STATUS_NAMES } from '../components/dispatch-texts.ts';
import '../challan.css';

/**
 * A QR code of `address` as an SVG picture (the `qrcode` library that draws the item labels' codes),
 * or null until it is drawn.
 */
function useQrPicture(address: string): string | null {
  const [picture, setPicture] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((svg) => {
      if (current) setPicture(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [address]);
  return picture;
}

/**
 * An order's delivery challan, for printing on A4 (challan.css): the company, the order, its customer,
 * its lines with the serials picked, signatures, and a QR code of the order's address for the
 * receiving dealer. In the page's language; the print button and the way back do not print.
 */
export default function ChallanPage() {
  const { id = '' } = useParams();
  const t = useTranslate();
  const format = useFormatters();
  const order = useDispatch(id, false);
  const locations = useLocations();
  const address = `${window.location.origin}${paths.dispatch(id)}`;
  const qr = useQrPicture(address);

  if (order.isPending) return <Spinner label={t('dispatches.loadingOrder')} />;
  if (order.isError)
    return (
      <div className="container py-4">
        <QueryError title={t('dispatches.orderLoadFailed')} query={order} />
      </div>
    );
  const shown = order.data;
  const place =
    locations.data?.find((location) => location.id === shown.locationId)?.name ?? shown.locationId;
  const day = shown.status === 'shipped' && shown.closedAt ? shown.closedAt : shown.createdAt;
  return (
    <>
      <div className="container py-3 d-flex flex-wrap gap-2 d-print-none">
        <Link to={paths.dispatch(shown.id)} className="btn btn-outline-secondary">
          {t('challan.back')}
        </Link>
        <Button onClick={() => window.print()}>{t('challan.print')}</Button>
      </div>
      <article className="challan" aria-labelledby="challan-heading">
        <header className="d-flex flex-wrap justify-content-between gap-3 mb-3">
          <div>
            <p className="h4 mb-0">{t('challan.company')}</p>
            <p className="mb-2 text-break">{t('footer.address')}</p>
            <h1 id="challan-heading" className="h3">
              {t('challan.heading')}
            </h1>
            <p className="mb-0 text-break">{t('challan.number', { id: shown.id })}</p>
            <p className="mb-0">
              {t('challan.date')}: <time dateTime={day}>{format.dateTime(day)}</time>
            </p>
            <p className="mb-0">
              {t('challan.status')}: {t(STATUS_NAMES[shown.status])}
            </p>
            <p className="mb-0">
              {t('challan.from')}: {place}
            </p>
          </div>
          <figure className="text-center mb-0">
            {qr && <img src={qr} className="challan-qr" alt={t('challan.qrAlt', { address })} />}
            <figcaption className="small">{t('challan.qrCaption')}</figcaption>
          </figure>
        </header>
        <section aria-labelledby="challan-customer" className="mb-3">
          <h2 id="challan-customer" className="h5">
            {t('challan.deliverTo')}
          </h2>
          <p className="mb-0 fw-semibold text-break" data-testid="challan-customer">
            {shown.customer.name}
          </p>
          {shown.customer.phone && <p className="mb-0">{shown.customer.phone}</p>}
          {shown.customer.address && <p className="mb-0 text-break">{shown.customer.address}</p>}
        </section>
        <Table bordered size="sm" className="align-middle">
          <caption className="visually-hidden">{t('challan.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('dispatches.item')}</th>
              <th scope="col" className="text-end">
                {t('dispatches.quantity')}
              </th>
              <th scope="col">{t('challan.serials')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.lines.map((line, index) => (
              <tr key={line.productId}>
                <td>{format.count(index + 1)}</td>
                <td className="text-break">{line.name}</td>
                <td className="text-end">{format.count(line.quantity)}</td>
                <td className="text-break">{line.serials.join(', ') || '–'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <div className="challan-signatures d-flex flex-wrap justify-content-between gap-4 mt-5">
          <div>{t('challan.deliveredBy')}</div>
          <div>{t('challan.receivedBy')}</div>
        </div>
      </article>
    </>
  );
}

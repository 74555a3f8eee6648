import type { Product } from '@walton/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { REGISTER_PARAM } from '../../config/paths.ts';
import { HistoryList } from '../../features/history/components/history-list.tsx';
import { MovementList } from '../../features/history/components/movement-list.tsx';
import ProductDetailPage, {
  type ProductDetailParts,
} from '../../features/items/pages/product-detail-page.tsx';
import { StockByLocation } from '../../features/locations/components/stock-by-location.tsx';
import { StockActions } from '../../features/stock/components/stock-actions.tsx';
import { StockHistory } from '../../features/stock/components/stock-history.tsx';
import { UnitList } from '../../features/units/components/unit-list.tsx';

const partsWith = (registerSerial: string | undefined): ProductDetailParts => ({
  stockActions: (product: Product) => <StockActions product={product} registerSerial={registerSerial} />,
  stockByLocation: (product: Product) => <StockByLocation product={product} />,
  units: (product: Product) => <UnitList product={product} />,
  records: (product: Product) => (
    <>
      <MovementList productId={product._id} />
      <HistoryList product={product} />
    </>
  ),
  stockChart: (product: Product) => <StockHistory id={product._id} name={product.name} />,
});

/**
 * The items feature's detail page with the stock feature's buttons and chart, the locations feature's
 * stock at each location (with Transfer), the units feature's units and the history feature's
 * sections. `?register=<serial>` opens Register units with that serial (the scan page's offer).
 */
export default function ProductDetailRoute() {
  const [search] = useSearchParams();
  const registerSerial = search.get(REGISTER_PARAM)?.trim() || undefined;
  const parts = useMemo(() => partsWith(registerSerial), [registerSerial]);
  return <ProductDetailPage parts={parts} />;
}

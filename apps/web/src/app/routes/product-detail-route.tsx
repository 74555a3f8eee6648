import type { Product } from '@walton/contract';
import { HistoryList } from '../../features/history/components/history-list.tsx';
import { MovementList } from '../../features/history/components/movement-list.tsx';
import ProductDetailPage, {
  type ProductDetailParts,
} from '../../features/items/pages/product-detail-page.tsx';
import { StockByLocation } from '../../features/locations/components/stock-by-location.tsx';
import { StockActions } from '../../features/stock/components/stock-actions.tsx';
import { StockHistory } from '../../features/stock/components/stock-history.tsx';

const parts: ProductDetailParts = {
  stockActions: (product: Product) => <StockActions product={product} />,
  stockByLocation: (product: Product) => <StockByLocation product={product} />,
  records: (product: Product) => (
    <>
      <MovementList productId={product._id} />
      <HistoryList product={product} />
    </>
  ),
  stockChart: (product: Product) => <StockHistory id={product._id} name={product.name} />,
};

/**
 * The items feature's detail page with the stock feature's buttons and chart, the locations feature's
 * stock at each location (with Transfer) and the history feature's sections.
 */
export default function ProductDetailRoute() {
  return <ProductDetailPage parts={parts} />;
}

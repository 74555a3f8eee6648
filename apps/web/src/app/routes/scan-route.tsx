import ScanPage from '../../features/scan/pages/scan-page.tsx';
import { ProductQuickView } from '../../features/stock/components/product-quick-view.tsx';

const renderItem = (id: string) => <ProductQuickView id={id} />;

/** The scan feature reads labels; the stock feature shows the item a label names and changes its stock. */
export default function ScanRoute() {
  return <ScanPage renderItem={renderItem} />;
}

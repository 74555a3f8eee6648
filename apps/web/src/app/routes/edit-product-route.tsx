import type { Product } from '@walton/contract';
import EditProductPage, { type EditProductParts } from '../../features/items/pages/edit-product-page.tsx';
import { SwitchOnWithUnits } from '../../features/stock/components/switch-on-with-units.tsx';

const parts: EditProductParts = {
  switchOnWithUnits: (product: Product) => <SwitchOnWithUnits product={product} />,
};

/**
 * The items feature's Edit page with the stock feature's Register units, which switches an item with
 * stock on to tracking by serial number.
 */
export default function EditProductRoute() {
  return <EditProductPage parts={parts} />;
}

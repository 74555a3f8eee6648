import InventoryPreview from '../../features/inventory/components/inventory-preview.tsx';

/** `/`: the landing sections around the first products, in the spec's order. */
export default function HomePage() {
  return <InventoryPreview />;
}

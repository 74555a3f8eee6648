import InventoryPreview from '../../features/items/components/inventory-preview.tsx';
import {
  Banner,
  BuyingSteps,
  ComingSoon,
  CustomerSay,
  DeliveryPromises,
  OurWarehouse,
} from '../../features/landing/index.ts';

/** `/`: the landing sections around the first products, in the spec's order. */
export default function HomePage() {
  return (
    <>
      <Banner />
      <InventoryPreview />
      <CustomerSay />
      <OurWarehouse />
      <DeliveryPromises />
      <ComingSoon />
      <BuyingSteps />
    </>
  );
}

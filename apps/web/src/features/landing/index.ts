import './landing.css';

export { Banner } from './components/banner.tsx';
export { BuyingSteps } from './components/buying-steps.tsx';
export { ComingSoon } from './components/coming-soon.tsx';
export { CustomerSay } from './components/customer-say.tsx';
export { DeliveryPromises } from './components/delivery-promises.tsx';
export { OurWarehouse } from './components/our-warehouse.tsx';

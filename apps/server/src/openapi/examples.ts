import {
  type ApiError,
  type accessTokenRequestSchema,
  apiErrorText,
  type applyCountSchema,
  type ChangeEvent,
  type CreateProductInput,
  type completeReceiptSchema,
  type countScanSchema,
  type createCategorySchema,
  type createCountSchema,
  type createDispatchSchema,
  type createLocationSchema,
  type createReceiptSchema,
  type deliveryRequestSchema,
  type dispatchPickSchema,
  type dispatchUnitSchema,
  type editProductSchema,
  type Movement,
  type openClaimSchema,
  type PersonalTokenRequest,
  type Product,
  type ProductConflict,
  type receiptScanSchema,
  type registerUnitsSchema,
  type resolveClaimSchema,
  SUCCESS_TEXT,
  type stockChangeSchema,
  type stockIntentSchema,
  type trackingSwitchSchema,
  type transferRequestSchema,
  type updateCategorySchema,
  type updateLocationSchema,
  type userSettingsSchema,
  type userUpdateSchema,
} from '@walton/contract';
import type { z } from 'zod';
import { AIR_CONDITIONER } from '../products/demo-catalog.ts';

/** The examples of the OpenAPI document's components: one plausible value each, typed by the contract. */

const createProduct = {
  name: 'Walton WSI-INVERNA-18C 1.5 Ton Inverter AC',
  img: '/images/products/split-inverter-white.svg',
  price: 72_500,
  quentity: 35,
  description: 'The best-selling 1.5 ton inverter: cools a 180 sq ft bedroom in under 10 minutes.',
  suplerName: 'Walton Hi-Tech Industries',
  email: 'supply@waltonbd.com',
  model: 'WSI-INVERNA-18C',
  display: 'Hidden LED temperature display',
};

const productId = '0f8fad5b-d9cb-469f-a165-70867728950e';

const product = {
  ...createProduct,
  _id: productId,
  quentity: 34,
  serialTracked: false,
  warrantyMonths: 12,
  version: 2,
  createdAt: '2026-11-21T09:30:00.000Z',
  updatedAt: '2026-11-22T11:05:42.118Z',
  deletedAt: null,
} satisfies Product;

const movement = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  productId,
  delta: -1,
  quantityAfter: 34,
  moved: 1,
  fromLocation: { id: 'main', name: 'Main warehouse' },
  toLocation: null,
  reason: 'delivered',
  version: 2,
  actor: 'clerk@waltonbd.com',
  actorName: 'Karim',
  at: '2026-11-22T11:05:42.118Z',
} satisfies Movement;

const conflict = {
  statusCode: 412,
  error: 'Precondition Failed',
  message: apiErrorText('VERSION_STALE', { quantity: product.quentity }),
  code: 'VERSION_STALE',
  params: { quantity: product.quentity },
  product,
} satisfies ProductConflict;

const apiError = {
  statusCode: 400,
  error: 'Bad Request',
  message: apiErrorText('VALIDATION_FAILED', { summary: 'body.price: At most 2 decimals' }),
  params: { summary: 'body.price: At most 2 decimals' },
  code: 'VALIDATION_FAILED',
  issues: [{ path: 'body.price', message: 'At most 2 decimals', code: 'TOO_MANY_DECIMALS', params: {} }],
} satisfies ApiError;

const changeEvent = { type: 'delivered', id: productId, version: 2 } satisfies ChangeEvent;

export const COMPONENT_EXAMPLES = {
  product,
  conflict,
  apiError,
  movement,
  stockChanged: { success: SUCCESS_TEXT.productDelivered, quentity: 33, version: 3 },
  productAdded: { success: SUCCESS_TEXT.productAdded, _id: productId },
  deleted: { deletedCount: 1 },
  success: { success: SUCCESS_TEXT.productRestored },
  changeEvent,
};

/** Request bodies, by operationId: what a client sends. */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  createProduct: createProduct satisfies CreateProductInput,
  deliverProduct: { newQuentity: product.quentity - 1 } satisfies z.input<typeof deliveryRequestSchema>,
  restockProduct: { newQuentity: product.quentity + 16 } satisfies z.input<typeof stockChangeSchema>,
  applyStockIntent: { deliver: 2, locationId: 'main' } satisfies z.input<typeof stockIntentSchema>,
  createAccessToken: { email: createProduct.email } satisfies z.input<typeof accessTokenRequestSchema>,
  editProduct: { price: 47500, lowStockThreshold: 5 } satisfies z.input<typeof editProductSchema>,
  updateSettings: { lowStockEmail: true } satisfies z.input<typeof userSettingsSchema>,
  updateUser: { role: 'supplier' } satisfies z.input<typeof userUpdateSchema>,
  createPersonalAccessToken: {
    name: 'Nightly stock export',
    expiresInDays: 90,
  } satisfies PersonalTokenRequest,
  createLocation: {
    name: 'Mirpur showroom',
    kind: 'showroom',
    address: 'Plot 12, Mirpur Road, Dhaka',
  } satisfies z.input<typeof createLocationSchema>,
  updateLocation: { active: false } satisfies z.input<typeof updateLocationSchema>,
  createCategory: AIR_CONDITIONER satisfies z.input<typeof createCategorySchema>,
  updateCategory: { nameBn: 'এসি' } satisfies z.input<typeof updateCategorySchema>,
  transferStock: {
    from: 'main',
    to: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e6f',
    quantity: 5,
  } satisfies z.input<typeof transferRequestSchema>,
  registerUnits: {
    units: [
      { serial: 'WSI18C-2611-000123', pairedSerial: 'WSO18C-2611-000123' },
      { serial: 'WSI18C-2611-000124' },
    ],
  } satisfies z.input<typeof registerUnitsSchema>,
  switchTracking: {
    serialTracked: true,
    units: [
      { serial: 'WSI18C-2611-000125', pairedSerial: 'WSO18C-2611-000125', locationId: 'main' },
      { serial: 'WSI18C-2611-000126', locationId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e6f' },
    ],
  } satisfies z.input<typeof trackingSwitchSchema>,
  dispatchUnit: {
    customer: { name: 'Karim Uddin', phone: '+8801711000000' },
  } satisfies z.input<typeof dispatchUnitSchema>,
  openClaim: {
    problem: 'The indoor unit does not cool and shows error E4',
  } satisfies z.input<typeof openClaimSchema>,
  resolveClaim: {
    resolution: 'replaced',
    replacementSerial: 'WSI18C-2611-000124',
    note: 'Compressor failed; replaced from stock',
  } satisfies z.input<typeof resolveClaimSchema>,
  createReceipt: {
    supplier: createProduct.email,
    locationId: 'main',
    reference: 'DN-2611-0042',
    lines: [
      { productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e70', expected: 40 },
      { productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e71', expected: 12 },
    ],
  } satisfies z.input<typeof createReceiptSchema>,
  scanReceipt: {
    productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e70',
    quantity: 4,
    condition: 'ok',
  } satisfies z.input<typeof receiptScanSchema>,
  completeReceipt: {
    notes: [{ productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e71', note: 'Two boxes missing from the truck' }],
  } satisfies z.input<typeof completeReceiptSchema>,
  createDispatch: {
    customer: { name: 'Rahman Electronics', phone: '+8801711000000', address: 'Shop 12, Mirpur 10, Dhaka' },
    locationId: 'main',
    lines: [
      { productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e70', quantity: 4 },
      { productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e71', quantity: 2 },
    ],
  } satisfies z.input<typeof createDispatchSchema>,
  pickDispatch: { serial: 'WSI18C-2611-000125' } satisfies z.input<typeof dispatchPickSchema>,
  createCount: {
    locationId: 'main',
    productIds: ['0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e70', '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e71'],
    blind: true,
  } satisfies z.input<typeof createCountSchema>,
  scanCount: {
    productId: '0193c1a2-7b3e-7c4d-9e5f-1a2b3c4d5e70',
    quantity: 6,
  } satisfies z.input<typeof countScanSchema>,
  applyCount: { uncounted: 'keep' } satisfies z.input<typeof applyCountSchema>,
};

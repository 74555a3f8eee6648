export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './messages.ts';
export * from './movement.ts';
export * from './product.ts';
export * from './product-input.ts';

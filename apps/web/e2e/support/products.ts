import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_STORAGE_KEY, type CreateProductInput } from '@walton/contract';
import type { TestUser } from './users.ts';

export interface CreatedProduct extends CreateProductInput {
  _id: string;
}

/** A product that only this test knows (unique name), supplied by `user`. */
export function newProduct(user: TestUser, overrides: Partial<CreateProductInput> = {}): CreateProductInput {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Walton Inverter AC ${id}`,
    img: '/images/products/split-inverter-white.svg',
    price: 52_900,
    quentity: 3,
    description: `1.5 ton inverter split air conditioner, batch ${id}.`,
    suplerName: user.name,
    email: user.email,
    ...overrides,
  };
}

/**
 * Adds a product through POST /api/productOrder the way the app does: the session cookie of the
 * page's context plus `authorization: {email} {accessToken}` with the token the page stored.
 */
export async function createProductViaApi(
  page: Page,
  user: TestUser,
  overrides: Partial<CreateProductInput> = {},
): Promise<CreatedProduct> {
  const product = newProduct(user, overrides);
  const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY);
  expect(token, 'the page has an access token in localStorage').toBeTruthy();
  const response = await page.request.post('/api/productOrder', {
    data: product,
    headers: { authorization: `${user.email} ${token}` },
  });
  expect(response.ok(), `adding ${product.name}: ${response.status()} ${await response.text()}`).toBe(true);
  const { _id } = (await response.json()) as { _id: string };
  return { ...product, _id };
}

/** Fills the Add Item form on /addItem with `product` and submits it, as a supplier would. */
export async function addProductViaForm(page: Page, product: CreateProductInput): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Image URL').fill(String(product.img));
  await page.getByLabel('Price (BDT)').fill(String(product.price));
  await page.getByLabel('Quantity').fill(String(product.quentity));
  await page.getByLabel('Description').fill(product.description);
  await page.getByRole('main').getByRole('button', { name: 'Add Item' }).click();
}

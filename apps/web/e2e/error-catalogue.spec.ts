import type { Locator, Page } from '@playwright/test';
import { SPEC_TEXT, SUCCESS_TEXT } from '@walton/contract';
import { axeViolationsAt, expect, expectRedText, test } from './support/fixtures.ts';
import { addProductViaForm, createProductViaApi, newProduct } from './support/products.ts';
import { fillRegistration, newUser, registerViaApi, SIGN_IN_REFUSED, signedInUser } from './support/users.ts';

/**
 * Every quoted text of the spec's error catalogue (section 8), as a user meets it (the registration
 * provider's error, in red, is in register.spec.ts): each the first time on a freshly loaded page, before any other toast has loaded the toast library (its container
 * is not even on the page yet). While each message, toast or modal is open, axe finds nothing at
 * 375 and 1280 px: every kind of toast (error, success, warning, info) passes colour contrast.
 */
const AXE_WIDTHS = [375, 1280] as const;

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** The page was just loaded and has shown no toast: the toast library is not loaded yet. */
async function expectNoToastYet(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.Toastify')).toHaveCount(0);
}

async function expectFirstToast(page: Page, text: string, kind: string): Promise<Locator> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.hover();
  await expect(page.locator(`.Toastify__toast--${kind}`).filter({ hasText: text })).toBeVisible();
  expect(await axeViolationsAt(page, AXE_WIDTHS, shown)).toEqual([]);
  return shown;
}

test(`'${SPEC_TEXT.passwordMismatch}' on a freshly loaded /register, in red`, async ({ page }) => {
  const user = newUser('mismatch');
  await page.goto('/register');
  await fillRegistration(page, user, `${user.password}-typo`);
  await page.getByLabel(SPEC_TEXT.acceptTerms).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const message = page.getByText(SPEC_TEXT.passwordMismatch, { exact: true });
  await expect(message).toBeVisible();
  await expectRedText(message);
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);
});

test('the login provider error on a freshly loaded /login, in red', async ({ page, request, problems }) => {
  const user = newUser('wrong-password');
  await registerViaApi(request, user);
  problems.allow(/status of 401 .*\/api\/auth\/sign-in\/email/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const message = page.getByRole('alert').filter({ hasText: SIGN_IN_REFUSED });
  await expect(message).toBeVisible();
  await expectRedText(message);
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);
});

test(`'${SPEC_TEXT.provideEmail}': the first click of '${SPEC_TEXT.forgotPassword}' on a freshly loaded /login`, async ({
  page,
}) => {
  await page.goto('/login');
  await expectNoToastYet(page);
  await page.getByRole('button', { name: SPEC_TEXT.forgotPassword }).click();
  await expectFirstToast(page, SPEC_TEXT.provideEmail, 'error');
});

test(`'${SPEC_TEXT.sendEmail}': the first reset request on a freshly loaded /login`, async ({
  page,
  request,
}) => {
  const user = newUser('forgetful');
  await registerViaApi(request, user);
  await page.goto('/login');
  await expectNoToastYet(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: SPEC_TEXT.forgotPassword }).click();
  await expectFirstToast(page, SPEC_TEXT.sendEmail, 'success');
});

test(`the server's '${SUCCESS_TEXT.productAdded}' after the first add on a freshly loaded /addItem`, async ({
  page,
}) => {
  const user = await signedInUser(page, 'supplier');
  const product = newProduct(user);
  await page.goto('/addItem');
  await expectNoToastYet(page);
  await addProductViaForm(page, product);
  await expectFirstToast(page, SUCCESS_TEXT.productAdded, 'success');
});

test(`the server's '${SUCCESS_TEXT.productDelivered}' after the first Delivered on a freshly loaded detail page`, async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 2 });
  await page.goto(`/manageItem/${product._id}`);
  await expectNoToastYet(page);
  await page.getByRole('button', { name: 'Delivered' }).click();
  await expectFirstToast(page, SUCCESS_TEXT.productDelivered, 'success');
  await expect(page.getByTestId('quantity')).toHaveText('1');
});

test(`'${SPEC_TEXT.noQuantity}': the first Delivered at 0 on a freshly loaded detail page`, async ({
  page,
  problems,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 0 });
  problems.allow(/status of 409 .*\/api\/product\//);
  await page.goto(`/manageItem/${product._id}`);
  await expectNoToastYet(page);
  await page.getByRole('button', { name: 'Delivered' }).click();
  await expectFirstToast(page, SPEC_TEXT.noQuantity, 'warning');
  await expect(page.getByTestId('quantity')).toHaveText('0');
});

test(`'${SPEC_TEXT.positiveValue}' in the Add Quentity modal, then the server's '${SUCCESS_TEXT.stockUpdated}', on a freshly loaded detail page`, async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 1 });
  await page.goto(`/manageItem/${product._id}`);
  await expectNoToastYet(page);
  await page.getByRole('button', { name: 'Add Quentity' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Quentity' });
  await expect(modal).toBeVisible();
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);
  await modal.getByRole('textbox').fill('0');
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(modal.getByText(SPEC_TEXT.positiveValue, { exact: true })).toBeVisible();
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);

  await modal.getByRole('textbox').fill('4');
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(modal).toBeHidden();
  await expectFirstToast(page, SUCCESS_TEXT.stockUpdated, 'success');
  await expect(page.getByTestId('quantity')).toHaveText('5');
});

test(`'${SPEC_TEXT.deleteConfirm}' then '${SPEC_TEXT.deleteSuccess}': the first delete on a freshly loaded /manageItem`, async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user);
  await page.goto('/manageItem');
  await expectNoToastYet(page);
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  const confirm = page.getByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
  await expect(confirm).toBeVisible();
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectFirstToast(page, SPEC_TEXT.deleteSuccess, 'success');
  await expect(row).toHaveCount(0);
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_STORAGE_KEY } from '@walton/contract';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A user no other test uses (tests never share accounts). */
export function newUser(role = 'clerk'): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E ${role} ${id}`, email: `${role}-${id}@example.com`, password: `Sturdy-pass-${id}` };
}

/**
 * Creates the account through the server's own sign-up endpoint (Better Auth). Sign-up also signs
 * in whoever sent it, so pass the test's standalone `request` to keep the browser signed out.
 */
export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(response.status(), `sign-up of ${user.email}: ${await response.text()}`).toBe(200);
}

/** Signs in through the login form and waits until the app has sent the user on to `landing`. */
export async function signInViaUi(page: Page, user: TestUser, landing = '/'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === landing);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * A page of the app's origin that runs none of the app, served by the test itself (never by the
 * server; its own icon, so the browser asks the server for no favicon either): the way to the
 * origin's localStorage. An app page would go on hydrating after the helper returned, and under load
 * opened its live change feed after the test had begun counting the feed requests of its own page.
 */
const BLANK_PAGE = '/e2e-blank-page';

/**
 * A new account, signed in in this page's browser context through the API (session cookie and the
 * spec's access token in localStorage), for tests whose subject is not signing in. The page is left
 * on a blank page of the origin: nothing of the app runs in it until the test opens a page.
 */
export async function signedInUser(page: Page, role = 'clerk'): Promise<TestUser> {
  const user = newUser(role);
  await registerViaApi(page.request, user);
  await signInViaApi(page, user);
  return user;
}

/**
 * An existing account signed in in this page's browser context through the API, the page left on a
 * blank page of the origin (see signedInUser).
 */
export async function signInViaApi(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status(), `sign-in of ${user.email}: ${await signIn.text()}`).toBe(200);
  const login = await page.request.post('/api/login', { data: { email: user.email } });
  expect(login.status(), `access token for ${user.email}: ${await login.text()}`).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await page.route(BLANK_PAGE, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Blank</title></html>',
    }),
  );
  await page.goto(BLANK_PAGE);
  await page.unroute(BLANK_PAGE);
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
    key: ACCESS_TOKEN_STORAGE_KEY,
    token: accessToken,
  });
}

/** The server's refusal of a wrong email or password, as the login form shows it (in the server's words). */
export const SIGN_IN_REFUSED = /wrong email or password|invalid email or password|incorrect/i;

/** Fills the /register form for `user` (the confirmation differs when `confirmPassword` is given). */
export async function fillRegistration(
  page: Page,
  user: TestUser,
  confirmPassword = user.password,
): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(confirmPassword);
}

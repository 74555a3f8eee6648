import type { Browser, Page } from '@playwright/test';
import type { Role, UserAccount } from '@walton/contract';
import { E2E_ADMIN } from './env.ts';
import { clientAddress, expect } from './fixtures.ts';
import type { ProblemLog } from './problems.ts';
import { signInViaApi, type TestUser } from './users.ts';

/** The suite's admin (support/env.ts), signed in in a browser of their own. */
export async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
  problems: ProblemLog,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  problems.watch(page, 'admin');
  await signInViaApi(page, E2E_ADMIN);
  return page;
}

/** The admin gives `user` a role through the API (PATCH /api/users/:id). */
export async function setRole(admin: Page, user: TestUser, role: Role): Promise<void> {
  const listed = await admin.request.get('/api/users');
  expect(listed.ok()).toBe(true);
  const account = ((await listed.json()) as UserAccount[]).find(
    (candidate) => candidate.email === user.email.toLowerCase(),
  );
  if (!account) throw new Error(`no account for ${user.email}`);
  const changed = await admin.request.patch(`/api/users/${account.id}`, { data: { role } });
  expect(changed.status(), await changed.text()).toBe(200);
}

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { SPEC_TEXT } from '@walton/contract';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * What a clerk's phone and a desktop show, in both languages: nothing wider than the screen (a long
 * unbroken name included), Manage Items' Delete on screen, the signed-in navbar on one line from the
 * large breakpoint up, and toasts below the sticky navbar.
 */
type Language = 'en' | 'bn';
const LANGUAGES: readonly Language[] = ['en', 'bn'];

const TEXT = {
  en: {
    search: 'Search items',
    delete: (name: string) => `Delete ${name}`,
    confirm: SPEC_TEXT.deleteConfirm,
    cancel: 'Cancel',
    nav: 'Main',
    logout: 'Logout',
    forgot: SPEC_TEXT.forgotPassword,
    provideEmail: SPEC_TEXT.provideEmail,
  },
  bn: {
    search: 'আইটেম খুঁজুন',
    delete: (name: string) => `${name} ডিলিট করুন`,
    confirm: 'আপনি কি নিশ্চিত, ডিলিট করবেন?',
    cancel: 'বাতিল',
    nav: 'প্রধান মেনু',
    logout: 'লগআউট',
    forgot: 'পাসওয়ার্ড ভুলে গেছেন?',
    provideEmail: 'অনুগ্রহ করে ইমেইল দিন',
  },
} as const;

/** Chooses the language the way the switcher remembers it (the page must be on the app's origin). */
async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
}

/** The page is no wider than the window: nothing sticks out to the side. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page's width`).toBe(innerWidth);
}

/** The element lies wholly inside the window, left to right. */
async function expectWithinViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge within ${width} px`).toBeLessThanOrEqual(width);
}

for (const language of LANGUAGES) {
  test(`[${language}] a 200-character unbroken name fits every page at 375 and 1280 px; Manage Items' Delete stays on screen; axe-clean`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[language];
    const user = await signedInUser(page);
    await chooseLanguage(page, language);
    const word = `lay${randomBytes(3).toString('hex')}`;
    const name = `${word}${'W'.repeat(200 - word.length)}`;
    const product = await createProductViaApi(page, user, { name, model: `M${'X'.repeat(60)}` });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });

      await page.goto('/manageItem');
      await page.getByLabel(text.search).fill(word);
      const remove = page.getByRole('button', { name: text.delete(name) });
      await expectWithinViewport(page, remove, `Delete at ${width} px`);
      await expectNoSidewaysScroll(page, `/manageItem at ${width} px (${language})`);
      expect(await axeViolations(page), `axe on /manageItem at ${width} px (${language})`).toEqual([]);
      await remove.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text.confirm);
      await expectWithinViewport(page, dialog.locator('.modal-body'), `the confirmation at ${width} px`);
      await dialog.getByRole('button', { name: text.cancel }).click();
      await expect(dialog).toBeHidden();

      await page.goto(`/manageItem/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expectNoSidewaysScroll(page, `the detail page at ${width} px (${language})`);

      await page.goto('/myItem');
      await expect(page.getByRole('link', { name })).toBeVisible();
      await expectNoSidewaysScroll(page, `/myItem at ${width} px (${language})`);

      await page.goto(`/labels?ids=${product._id}`);
      await expect(page.getByRole('img', { name: new RegExp(word) })).toBeVisible();
      await expectNoSidewaysScroll(page, `/labels at ${width} px (${language})`);
    }
  });

  test(`[${language}] the signed-in navbar stays on one line from 992 to 1280 px, and collapses below 992`, async ({
    page,
  }) => {
    await signedInUser(page);
    await chooseLanguage(page, language);
    await page.goto('/manageItem');
    const nav = page.getByRole('navigation', { name: TEXT[language].nav });
    await expect(nav.getByRole('button', { name: TEXT[language].logout })).toBeVisible();
    await expect(nav.getByTestId('low-stock-count')).toBeVisible();

    for (const width of [992, 1024, 1100, 1199, 1200, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // One line: no text of the bar breaks onto a second line, and every entry sits on the brand's row.
      const rows = await nav.evaluate((element) => {
        const centre = (box: DOMRect) => (box.top + box.bottom) / 2;
        const brand = element.querySelector('.navbar-brand')?.getBoundingClientRect();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const broken: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`"${node.textContent.trim()}" on ${lines.size} lines`);
        }
        const offRow = [...element.querySelectorAll('.navbar-nav > .nav-item')]
          .map((item) => ({ text: item.textContent?.trim() ?? '', box: item.getBoundingClientRect() }))
          .filter(({ box }) => !brand || Math.abs(centre(box) - centre(brand)) > 4)
          .map(({ text }) => `"${text}" off the brand's row`);
        return {
          problems: [...broken, ...offRow],
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        };
      });
      expect(rows.problems, `the navbar at ${width} px is one line`).toEqual([]);
      expect(rows.scrollWidth, `the page at ${width} px`).toBe(rows.innerWidth);
    }

    // The spec's breakpoint: below lg (992 px) the links fold behind the toggle.
    await page.setViewportSize({ width: 991, height: 800 });
    await expect(nav.getByRole('button', { name: TEXT[language].logout })).toBeHidden();
    await expect(nav.locator('.navbar-toggler')).toBeVisible();
  });

  test(`[${language}] a toast shows below the sticky navbar, top right, at 375 and 1280 px`, async ({
    page,
  }) => {
    await page.goto('/login');
    await chooseLanguage(page, language);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto('/login');
      await page.getByRole('button', { name: TEXT[language].forgot }).click();
      const shown = page.getByRole('alert').filter({ hasText: TEXT[language].provideEmail });
      await expect(shown).toBeVisible();
      const toastBox = await shown.boundingBox();
      const navBox = await page.getByRole('navigation', { name: TEXT[language].nav }).boundingBox();
      expect(toastBox && navBox, 'toast and navbar are on screen').toBeTruthy();
      if (!toastBox || !navBox) continue;
      expect(toastBox.y, `the toast's top at ${width} px is below the navbar`).toBeGreaterThanOrEqual(
        navBox.y + navBox.height,
      );
      // Top right: its right edge near the window's.
      expect(toastBox.x + toastBox.width, `the toast at ${width} px sits at the right`).toBeGreaterThan(
        width - 40,
      );
      expect(await axeViolations(page), `axe with the toast at ${width} px (${language})`).toEqual([]);
    }
  });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);

/** Bootstrap's whole stylesheet, as the package ships it. */
const BOOTSTRAP_CSS = readFileSync(require.resolve('bootstrap/dist/css/bootstrap.css'), 'utf8');

/**
 * The selectors of Bootstrap's whole stylesheet that select something on the page as it is now but
 * that none of the page's stylesheets has: rules the build's purge of Bootstrap
 * (apps/web/scripts/purge-bootstrap-plugin.ts) cut although the page needs them. Pseudo-classes and
 * media queries are ignored when matching (a rule for `:hover` or for wide screens counts as needed),
 * which errs on the side of finding too much.
 */
export async function missingBootstrapRules(page: Page): Promise<string[]> {
  return page.evaluate((bootstrapCss) => {
    /** Every selector of a rule list, one by one (a rule's list split at its top-level commas). */
    const selectorsOf = (rules: CSSRuleList): string[] =>
      [...rules].flatMap((rule) => {
        if (rule instanceof CSSStyleRule) {
          const parts: string[] = [];
          let depth = 0;
          let start = 0;
          const text = rule.selectorText;
          for (let index = 0; index < text.length; index += 1) {
            if (text[index] === '(') depth += 1;
            else if (text[index] === ')') depth -= 1;
            else if (text[index] === ',' && depth === 0) {
              parts.push(text.slice(start, index).trim());
              start = index + 1;
            }
          }
          parts.push(text.slice(start).trim());
          return parts;
        }
        return rule instanceof CSSGroupingRule ? selectorsOf(rule.cssRules) : [];
      });
    const matchesPage = (selector: string): boolean => {
      const plain = selector.replace(/::?[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?/g, '').trim();
      if (!plain || /[>+~]$/.test(plain) || /^[>+~]/.test(plain)) return false;
      try {
        return document.querySelector(plain) !== null;
      } catch {
        return false;
      }
    };
    const bootstrap = new CSSStyleSheet();
    bootstrap.replaceSync(bootstrapCss);
    const shipped = new Set([...document.styleSheets].flatMap((sheet) => selectorsOf(sheet.cssRules)));
    return [...new Set(selectorsOf(bootstrap.cssRules))]
      .filter((selector) => /\.[a-zA-Z-]/.test(selector) && !shipped.has(selector) && matchesPage(selector))
      .sort();
  }, BOOTSTRAP_CSS);
}

import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { PageTitleRecorder } from './components/page-title.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { type Language, languageOfPath } from './i18n/language.ts';

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document title the page sets. */
  title: string;
  /** The language it is written in (`/bn/…` in Bengali). */
  language: Language;
}

/**
 * Renders a public page at build time (scripts/prerender-plugin.ts), exactly as the browser's first
 * render will see it before anything is fetched: the session unknown, the products still loading. The
 * browser then hydrates this markup instead of building the page from nothing (src/main.tsx), so the
 * page is painted before its JavaScript has even loaded.
 */
export async function prerenderPage(url: string): Promise<PrerenderedPage> {
  const language = languageOfPath(url) ?? 'en';
  await activateLanguage(language);
  let title = '';
  const { prelude } = await prerender(
    <StrictMode>
      <PageTitleRecorder
        value={(pageTitle) => {
          title = pageTitle;
        }}
      >
        <AppProvider>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </PageTitleRecorder>
    </StrictMode>,
    // Never outline a large Suspense boundary into a hidden segment revealed by an inline script:
    // the Content-Security-Policy allows no inline script, and nothing streams here anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (!title) throw new Error(`prerendering ${url} set no page title`);
  return { html, title, language };
}

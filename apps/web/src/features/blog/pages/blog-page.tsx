import '../blog.css';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';
import { BLOG_ENTRIES } from '../entries.ts';

/**
 * `/blog` and `/bn/blog`: the four questions and answers, each in English and in Bengali (the half in
 * the reader's language first).
 */
export default function BlogPage() {
  const t = useTranslate();
  const language = useLanguage();
  const halves = language === 'bn' ? (['bn', 'en'] as const) : (['en', 'bn'] as const);
  return (
    <div className="container py-5">
      <header className="mb-4">
        <h1 className="fw-bold">{t('blog.heading')}</h1>
        <p className="lead mb-0">{t('blog.intro')}</p>
      </header>
      {BLOG_ENTRIES.map((entry) => (
        <article className="blog-entry py-4" key={entry.id} aria-labelledby={`${entry.id}-${halves[0]}`}>
          <div className="row g-4">
            {halves.map((half) => (
              <section
                className="col-lg-6"
                lang={half}
                aria-labelledby={`${entry.id}-${half}`}
                key={half}
                data-blog-half={half}
              >
                <h2 id={`${entry.id}-${half}`} className="h4 fw-bold">
                  {entry[half].question}
                </h2>
                {entry[half].answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            ))}
          </div>
        </article>
      ))}
    </div>
  );
}

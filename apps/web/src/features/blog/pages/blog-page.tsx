import '../blog.css';
import { BLOG_ENTRIES } from '../entries.ts';

/** `/blog`: the four questions and answers, each in English and in Bengali. */
export default function BlogPage() {
  return (
    <div className="container py-5">
      <header className="mb-4">
        <h1 className="fw-bold">Blog</h1>
        <p className="lead mb-0">
          Questions our developers get asked, answered in English and Bengali.{' '}
          <span lang="bn">ইংরেজি ও বাংলায় প্রশ্ন ও উত্তর।</span>
        </p>
      </header>
      {BLOG_ENTRIES.map((entry) => (
        <article className="blog-entry py-4" key={entry.id} aria-labelledby={`${entry.id}-en`}>
          <div className="row g-4">
            <section className="col-lg-6" lang="en" aria-labelledby={`${entry.id}-en`}>
              <h2 id={`${entry.id}-en`} className="h4 fw-bold">
                {entry.en.question}
              </h2>
              {entry.en.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
            <section className="col-lg-6" lang="bn" aria-labelledby={`${entry.id}-bn`}>
              <h2 id={`${entry.id}-bn`} className="h4 fw-bold">
                {entry.bn.question}
              </h2>
              {entry.bn.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          </div>
        </article>
      ))}
    </div>
  );
}

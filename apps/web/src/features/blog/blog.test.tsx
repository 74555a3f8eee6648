import { renderRoute } from '@test/render-route.tsx';
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';

const ENGLISH_QUESTIONS = [
  'What is the difference between JavaScript and Node.js?',
  'When should you use Node.js, and when a document database such as MongoDB?',
  'What is the difference between SQL and NoSQL databases?',
  'What is the purpose of JWT?',
];

const BENGALI_QUESTIONS = [
  'জাভাস্ক্রিপ্ট আর নোড.জেএস-এর মধ্যে পার্থক্য কী?',
  'কখন নোড.জেএস আর কখন মঙ্গোডিবির মতো ডকুমেন্ট ডেটাবেস ব্যবহার করবেন?',
  'SQL আর NoSQL ডেটাবেসের মধ্যে পার্থক্য কী?',
  'JWT-এর উদ্দেশ্য কী?',
];

const BENGALI_LETTERS = /[\u0980-\u09FF]/;

it('shows the four entries, each in English and in Bengali marked lang="bn"', async () => {
  await renderRoute('/blog');
  expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
  const articles = screen.getAllByRole('article');
  expect(articles).toHaveLength(4);

  articles.forEach((article, index) => {
    const english = within(article).getByRole('region', { name: ENGLISH_QUESTIONS[index] });
    const bengali = within(article).getByRole('region', { name: BENGALI_QUESTIONS[index] });
    expect(english).toHaveAttribute('lang', 'en');
    expect(bengali).toHaveAttribute('lang', 'bn');
    expect(english.textContent).not.toMatch(BENGALI_LETTERS);
    const bengaliParagraphs = within(bengali).getAllByText(BENGALI_LETTERS, { selector: 'p' });
    expect(bengaliParagraphs.length).toBeGreaterThanOrEqual(2);
    expect(within(english).getAllByText(/\w+/, { selector: 'p' }).length).toBeGreaterThanOrEqual(2);
  });
});

it('answers what each question asks', async () => {
  await renderRoute('/blog');
  const [javascript, node, sql, jwt] = await screen.findAllByRole('article');
  expect(javascript).toHaveTextContent(/Node\.js is not a new language\. It is a runtime/);
  expect(node).toHaveTextContent(/document database/);
  expect(sql).toHaveTextContent(/ACID/);
  expect(jwt).toHaveTextContent(/header.*payload.*signature/);
});

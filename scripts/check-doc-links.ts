/**
 * `npm run docs:links`: every relative link of README.md and docs/ (and of the Markdown files they
 * link to in the repository) must reach a file or folder that exists, and a `#fragment` into a
 * Markdown file must name one of its headings (GitHub's anchors). Prints each broken link; exits 1
 * when there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    const anchor = anchorOf(heading[1]);
    const times = seen.get(anchor) ?? 0;
    seen.set(anchor, times + 1);
    anchors.add(times === 0 ? anchor : `${anchor}-${times}`);
  }
  return anchors;
}

/** The targets of a file's Markdown links, outside code spans and fenced blocks. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

const queue = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];
const checked = new Set<string>();
const broken: string[] = [];
for (let file = queue.shift(); file; file = queue.shift()) {
  if (checked.has(file)) continue;
  checked.add(file);
  for (const link of linksOf(file)) {
    if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
    const [path = '', fragment] = link.split('#', 2);
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${link}`;
    if (!existsSync(target)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    const isMarkdown = statSync(target).isFile() && target.endsWith('.md');
    if (isMarkdown && target.startsWith(ROOT)) queue.push(target);
    if (fragment && isMarkdown && !anchorsOf(target).has(fragment.toLowerCase())) {
      broken.push(`${where} (no heading #${fragment})`);
    }
  }
}
for (const line of broken) console.error(line);
console.log(`${checked.size} Markdown files checked, ${broken.length} broken link(s)`);
process.exitCode = broken.length === 0 ? 0 : 1;

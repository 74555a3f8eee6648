import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const DB = join(SRC, 'db');
const MIGRATIONS = join(DB, 'migrations');
const SQLITE_DRIVER = join(DB, 'sqlite');

/** Every TypeScript file under `folder`, its subfolders included. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * What a module names as imported: static imports and re-exports (`import … from`, `export … from`,
 * `import type …`, side-effect imports), dynamic `import(…)` and worker files (`new URL(…,
 * import.meta.url)`). Read from the text with comments left out: Biome formats every file, so
 * each of these has the one spelling the patterns below read.
 */
function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** A file's imports, each as the file it reaches (relative ones) or the package it names. */
function resolvedImports(file: string): Array<{ specifier: string; target: string | undefined }> {
  return importsOf(readFileSync(file, 'utf8')).map((specifier) => ({
    specifier,
    target: specifier.startsWith('.') ? resolve(dirname(file), specifier) : undefined,
  }));
}

const inside = (folder: string, path: string) => path === folder || path.startsWith(folder + sep);

/** The folders of src/ other than db/: the features (products, stats, http, …). */
const FEATURES = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'db')
  .map((entry) => join(SRC, entry.name));

/** What `files` import that `allowed` refuses, as "file → specifier". */
function refused(
  files: string[],
  allowed: (imported: { specifier: string; target: string | undefined }) => boolean,
): string[] {
  return files.flatMap((file) =>
    resolvedImports(file)
      .filter((imported) => !allowed(imported))
      .map(({ specifier }) => `${relative(SRC, file)} → ${specifier}`),
  );
}

describe('storage boundaries', () => {
  it('reads every kind of import a module can have', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type {\n  B,\n  C,\n} from '../b.ts';",
      "export { d } from './d.ts';",
      "import './side-effect.ts';",
      "const e = await import('./e.ts');",
      "new Worker(new URL('./f.ts', import.meta.url));",
      "// import { g } from './g.ts';",
      "/* import { h } from './h.ts'; */",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(
      ['./a.ts', '../b.ts', './d.ts', './side-effect.ts', './e.ts', './f.ts'].sort(),
    );
  });

  it('keeps db/ free of the features: storage imports no domain', () => {
    const files = sourceFiles(DB);
    expect(files.length).toBeGreaterThan(10);
    expect(
      refused(files, ({ target }) => !target || !FEATURES.some((feature) => inside(feature, target))),
    ).toEqual([]);
  });

  it("keeps the SQLite driver's internals to db/: the features see a Kysely and db/statement-sequence.ts", () => {
    // The query-plan tool opens the file read-only with the bare dialect to ask SQLite for plans.
    const tools = [join(SRC, 'products', 'query-plans-cli.ts')];
    const files = FEATURES.flatMap(sourceFiles).filter((file) => !tools.includes(file));
    expect(refused(files, ({ target }) => !target || !inside(SQLITE_DRIVER, target))).toEqual([]);
  });

  it('keeps every migration frozen: it imports nothing but packages and its own folder', () => {
    const files = sourceFiles(MIGRATIONS);
    expect(files.length).toBeGreaterThan(10);
    expect(
      refused(files, ({ specifier, target }) =>
        target ? inside(MIGRATIONS, target) : !specifier.startsWith('@walton/'),
      ),
    ).toEqual([]);
  });
});

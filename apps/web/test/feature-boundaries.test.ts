/**
 * The Biome rule that keeps features apart (biome.json's `noRestrictedImports` overrides), run on
 * probe files written into the real tree under a throwaway feature name, with the project's own
 * biome.json: every spelling of an import of another feature is refused, wherever in the feature the
 * importing file sits, and the legitimate imports pass.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const src = join(import.meta.dirname, '..', 'src');
const probe = `zz-boundary-probe-${randomUUID().slice(0, 8)}`;
const probeRoot = join(src, 'features', probe);
const entityRoot = join(src, 'entities', probe);

interface Case {
  /** Where the importing file sits, inside the probe feature. */
  readonly file: string;
  readonly statement: string;
}

const importOf = (source: string): string => `import { x } from '${source}';\nexport const y = x;\n`;

const refused: readonly Case[] = [
  { file: 'api/a.ts', statement: importOf('../../other/x.ts') },
  { file: 'api/b.ts', statement: importOf('../../../features/other/x.ts') },
  { file: 'api/c.ts', statement: importOf('./../../other/x.ts') },
  { file: 'api/d.ts', statement: importOf('../api/../../other/x.ts') },
  { file: 'api/e.ts', statement: importOf(`../../${probe}/../other/x.ts`) },
  { file: 'api/f.ts', statement: importOf('@/features/other/x.ts') },
  { file: 'api/g.ts', statement: importOf('@/lib/../features/other/x.ts') },
  { file: 'api/h.ts', statement: "export const load = () => import('../../other/x.ts');\n" },
  { file: 'api/i.ts', statement: "export { x } from './../../other/x.ts';\n" },
  { file: 'components/deep/j.tsx', statement: importOf('../../../other/x.ts') },
  { file: 'components/deep/k.tsx', statement: importOf('../../../../features/other/x.ts') },
  { file: 'l.ts', statement: importOf('../other/x.ts') },
  { file: 'm.ts', statement: importOf('./../other/x.ts') },
  { file: 'n.ts', statement: importOf('../../features/other/x.ts') },
  { file: 'o.ts', statement: "export const load = () => import('./api/../../other/x.ts');\n" },
];

const allowed: readonly Case[] = [
  { file: 'api/p.ts', statement: importOf('./x.ts') },
  { file: 'api/q.ts', statement: importOf('../components/x.tsx') },
  { file: 'api/r.ts', statement: importOf('@/lib/x.ts') },
  { file: 'api/s.ts', statement: importOf('@/components/x.tsx') },
  { file: 'api/t.ts', statement: importOf('@test/x.ts') },
  { file: 'api/u.ts', statement: importOf('react') },
  { file: 'components/deep/v.tsx', statement: importOf('../x.tsx') },
  { file: 'w.ts', statement: importOf('./api/x.ts') },
  { file: 'z.ts', statement: "export const load = () => import('./api/x.ts');\n" },
];

/** The shared entity imports no feature either. */
const refusedInEntity: readonly Case[] = [
  { file: 'api/a.ts', statement: importOf('../../../features/items/x.ts') },
  { file: 'api/b.ts', statement: importOf('@/features/items/x.ts') },
  { file: 'c.ts', statement: importOf('../../features/items/x.ts') },
];

interface BiomeReport {
  readonly diagnostics: readonly {
    readonly category: string;
    readonly location: { readonly path: string };
  }[];
}

/** The probe files (relative to `root`) that Biome's import rule refuses. */
const refusedBy = (cases: readonly Case[], root = probeRoot): string[] => {
  for (const { file, statement } of cases) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), statement);
  }
  const biome = join(repoRoot, 'node_modules', '.bin', 'biome');
  const paths = cases.map(({ file }) => relative(repoRoot, join(root, file)));
  const run = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', '--reporter=json', ...paths], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as BiomeReport;
  const flagged = report.diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => relative(root, join(repoRoot, diagnostic.location.path)));
  return [...new Set(flagged)].sort();
};

describe('the rule that keeps features apart', () => {
  afterAll(() => {
    rmSync(probeRoot, { recursive: true, force: true });
    rmSync(entityRoot, { recursive: true, force: true });
  });

  it('refuses an import of another feature however it is spelled', () => {
    expect(refusedBy(refused)).toEqual(refused.map(({ file }) => file).sort());
  });

  it('refuses an import of a feature in the products entity', () => {
    expect(refusedBy(refusedInEntity, entityRoot)).toEqual(refusedInEntity.map(({ file }) => file).sort());
  });

  it('lets a feature import itself, src/lib, src/components, the test helpers and packages', () => {
    expect(refusedBy(allowed)).toEqual([]);
  });
});

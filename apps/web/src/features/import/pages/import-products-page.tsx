import {
  IMPORT_DUPLICATE_CHOICES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportDuplicateChoice,
  type ImportResult,
  PRODUCT_CSV_IMPORT_ONLY_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
} from '@walton/contract';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ImportRefusal, ScrollingTable } from '@/components/import-refusal.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, translate, useTranslate } from '@/i18n/i18n.ts';
import { toast } from '@/lib/toast.ts';
import {
  type ImportOutcome,
  type ImportPreview,
  type ImportProgress,
  useImportProducts,
} from '../api/import-products.ts';
import { ImportUnitsSection } from '../components/import-units-section.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'working'; dryRun: boolean; progress: ImportProgress | undefined }
  | { kind: 'checked'; outcome: ImportOutcome }
  | { kind: 'imported'; outcome: ImportOutcome };

/** The share of the whole job done: a dry run only checks; an import checks, then writes. */
function percent(dryRun: boolean, progress: ImportProgress | undefined): number {
  if (!progress) return 0;
  const share = dryRun ? progress.fraction : (progress.fraction + (progress.phase === 'writing' ? 1 : 0)) / 2;
  return Math.round(share * 100);
}

const CHOICE_TEXT: Record<ImportDuplicateChoice, MessageKey> = {
  skip: 'import.duplicates.skip',
  update: 'import.duplicates.update',
  add: 'import.duplicates.add',
};

/** The file's first rows as the server read them (the same reading as the import's). */
function Preview({ preview }: { preview: ImportPreview | undefined }) {
  const [header = [], ...items] = preview?.rows ?? [];
  const t = useTranslate();
  if (header.length === 0) return null;
  return (
    <div className="mb-4">
      <h2 id="import-preview-title" className="h5">
        {t('import.preview')}
      </h2>
      <ScrollingTable labelledBy="import-preview-title">
        <table className="table table-sm table-bordered align-middle small">
          <thead>
            <tr>
              {header.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat a name; its position is its identity
                <th scope="col" key={index}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file preview have no other identity
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                  <td key={index} className="text-break">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </div>
  );
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="mb-4">
      <p className="mb-1" id="import-progress-label">
        {label}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${value}%` }}>
          {value}%
        </div>
      </div>
    </div>
  );
}

function Counts({ created, updated, unchanged, skipped }: ImportResult) {
  const t = useTranslate();
  const { count } = useFormatters();
  return (
    <ul className="mb-0">
      <li>{t('import.created', { count: created })}</li>
      <li>{t('import.updated', { count: count(updated) })}</li>
      <li>{t('import.unchanged', { count: count(unchanged) })}</li>
      {skipped > 0 && <li>{t('import.skipped', { count: count(skipped) })}</li>}
    </ul>
  );
}

/** The rows that repeat another row of the file or an item in stock, and what to do with them. */
function Duplicates({
  result,
  choice,
  onChoose,
}: {
  result: ImportResult;
  choice: ImportDuplicateChoice;
  onChoose: (choice: ImportDuplicateChoice) => void;
}) {
  const t = useTranslate();
  const { count } = useFormatters();
  if (result.duplicateCount === 0) return null;
  return (
    <div className="alert alert-warning">
      <h2 id="import-duplicates-title" className="alert-heading h5">
        {t('import.duplicates.heading', { count: result.duplicateCount })}
      </h2>
      <ScrollingTable labelledBy="import-duplicates-title">
        <table className="table table-sm mb-2">
          <caption className="visually-hidden">{t('import.duplicates.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('import.row')}</th>
              <th scope="col">{t('import.duplicates.name')}</th>
              <th scope="col">{t('import.duplicates.model')}</th>
              <th scope="col">{t('import.duplicates.sameAs')}</th>
            </tr>
          </thead>
          <tbody>
            {result.duplicates.map((duplicate) => (
              <tr key={duplicate.row}>
                <td>{count(duplicate.row)}</td>
                <td className="text-break">{duplicate.name}</td>
                <td className="text-break">{duplicate.model || '—'}</td>
                <td>
                  {duplicate.earlierRow !== null ? (
                    t('import.duplicates.ofRow', { row: count(duplicate.earlierRow) })
                  ) : duplicate.itemId !== null ? (
                    <Link to={paths.itemDetail(duplicate.itemId)}>{t('import.duplicates.ofItem')}</Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      {result.duplicates.length < result.duplicateCount && (
        <p className="small">{t('import.duplicates.more', { listed: count(result.duplicates.length) })}</p>
      )}
      <fieldset>
        <legend className="h6">{t('import.duplicates.choice')}</legend>
        {IMPORT_DUPLICATE_CHOICES.map((option) => (
          <div className="form-check" key={option}>
            <input
              className="form-check-input"
              type="radio"
              name="import-duplicates"
              id={`import-duplicates-${option}`}
              value={option}
              checked={choice === option}
              onChange={() => onChoose(option)}
            />
            <label className="form-check-label" htmlFor={`import-duplicates-${option}`}>
              {t(CHOICE_TEXT[option])}
            </label>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

function Report({ outcome, imported }: { outcome: ImportOutcome; imported: boolean }) {
  const t = useTranslate();
  if (outcome.kind === 'refused') return <ImportRefusal refused={outcome} titleId="import-report-title" />;
  return (
    <section className="alert alert-success" role="status" aria-labelledby="import-report-title">
      <h2 id="import-report-title" className="alert-heading h5">
        {imported ? t('import.imported') : t('import.ready')}
      </h2>
      <Counts {...outcome.result} />
      {imported && (
        <Link to={paths.manageItems} className="btn btn-success btn-sm mt-3">
          {t('import.seeItems')}
        </Link>
      )}
    </section>
  );
}

/**
 * /import: choose a CSV file, see its first rows and the server's dry run (every problem by row, and
 * the rows that repeat another row or an item in stock, with the choice of what to do with them),
 * then import it, all or nothing, following the server's progress. Below, the units of tracked items
 * from a file of their own (ImportUnitsSection).
 */
export default function ImportProductsPage() {
  const importProducts = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | undefined>(undefined);
  const [duplicates, setDuplicates] = useState<ImportDuplicateChoice>('skip');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Answers to an earlier file (or an earlier attempt) are ignored once another one has started.
  const attempt = useRef(0);

  const run = async (chosen: File, dryRun: boolean, choice: ImportDuplicateChoice = duplicates) => {
    attempt.current += 1;
    const mine = attempt.current;
    setStep({ kind: 'working', dryRun, progress: undefined });
    let outcome: ImportOutcome;
    try {
      outcome = await importProducts(chosen, {
        dryRun,
        duplicates: choice,
        onProgress: (progress) => {
          if (attempt.current === mine) setStep({ kind: 'working', dryRun, progress });
        },
        onPreview: (shown) => {
          if (attempt.current === mine) setPreview(shown);
        },
      });
    } catch (error) {
      outcome = {
        kind: 'refused',
        message: error instanceof Error ? errorText(error) : String(error),
        errors: [],
      };
    }
    if (attempt.current !== mine) return;
    setStep(dryRun ? { kind: 'checked', outcome } : { kind: 'imported', outcome });
    if (!dryRun && outcome.kind === 'done')
      toast.success(translate('import.toast', { count: outcome.result.created }));
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(undefined);
    setDuplicates('skip');
    if (!chosen) {
      attempt.current += 1;
      setStep({ kind: 'idle' });
      return;
    }
    await run(chosen, true, 'skip');
  };

  /** Another choice for the duplicate rows: the dry run again, so the counts say what it will do. */
  const chooseDuplicates = (choice: ImportDuplicateChoice) => {
    setDuplicates(choice);
    if (file) void run(file, true, choice);
  };

  const working = step.kind === 'working';
  const t = useTranslate();
  const { count } = useFormatters();
  const ready = step.kind === 'checked' && step.outcome.kind === 'done';

  return (
    <div className="container py-4">
      <PageHeader title={t('import.heading')}>
        <Link to={paths.manageItems} className="btn btn-outline-secondary">
          {t('add.backToManage')}
        </Link>
      </PageHeader>
      <p>
        {t('import.intro', {
          columns: PRODUCT_CSV_REQUIRED_COLUMNS.join(', '),
          locationColumn: PRODUCT_CSV_IMPORT_ONLY_COLUMNS.join(', '),
          rows: count(IMPORT_MAX_ROWS),
          megabytes: count(IMPORT_MAX_BYTES / 1024 / 1024),
        })}
      </p>

      <div className="mb-4">
        <label htmlFor="import-file" className="form-label">
          {t('import.file')}
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          className="form-control"
          onChange={(event) => void choose(event)}
          disabled={working && !step.dryRun}
        />
      </div>

      <Preview preview={preview} />

      {step.kind === 'working' && (
        <ProgressBar
          label={step.dryRun ? t('import.checking') : t('import.importing')}
          value={percent(step.dryRun, step.progress)}
        />
      )}
      {(step.kind === 'checked' || step.kind === 'imported') && (
        <Report outcome={step.outcome} imported={step.kind === 'imported'} />
      )}
      {step.kind === 'checked' && step.outcome.kind === 'done' && (
        <Duplicates result={step.outcome.result} choice={duplicates} onChoose={chooseDuplicates} />
      )}
      {ready && file && (
        <button type="button" className="btn btn-primary" onClick={() => void run(file, false)}>
          {t('import.submit')}
        </button>
      )}

      <ImportUnitsSection />
    </div>
  );
}

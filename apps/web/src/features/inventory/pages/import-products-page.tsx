import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PRODUCT_CSV_REQUIRED_COLUMNS } from '@walton/contract';
import Papa from 'papaparse';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { translate, useTranslate } from '../../../i18n/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { type ImportOutcome, type ImportProgress, useImportProducts } from '../api/import-products.ts';

/** Rows of the file shown before anything is sent: the header and the first few items. */
const PREVIEW_ROWS = 5;

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

/** The first rows of a file, parsed in the browser by papaparse (the server parses it again). */
function readPreview(file: File): Promise<string[][]> {
  return new Promise((resolve) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS + 1,
      skipEmptyLines: 'greedy',
      complete: (results) => resolve(results.data),
      error: () => resolve([]),
    });
  });
}

function Preview({ rows }: { rows: string[][] }) {
  const [header = [], ...items] = rows;
  const t = useTranslate();
  if (header.length === 0) return null;
  return (
    <section aria-labelledby="import-preview-title" className="mb-4">
      <h2 id="import-preview-title" className="h5">
        {t('import.preview')}
      </h2>
      <div className="table-responsive">
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
      </div>
    </section>
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

function Counts({ created, updated, unchanged }: { created: number; updated: number; unchanged: number }) {
  const t = useTranslate();
  const { count } = useFormatters();
  return (
    <ul className="mb-0">
      <li>{t('import.created', { count: created })}</li>
      <li>{t('import.updated', { count: count(updated) })}</li>
      <li>{t('import.unchanged', { count: count(unchanged) })}</li>
    </ul>
  );
}

function Report({ outcome, imported }: { outcome: ImportOutcome; imported: boolean }) {
  const t = useTranslate();
  if (outcome.kind === 'refused') {
    return (
      <section className="alert alert-danger" role="alert" aria-labelledby="import-report-title">
        <h2 id="import-report-title" className="alert-heading h5">
          {outcome.message}
        </h2>
        {outcome.errors.length > 0 && (
          <div className="table-responsive">
            <table className="table table-sm mb-0">
              <caption className="visually-hidden">{t('import.problems')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.row')}</th>
                  <th scope="col">{t('import.column')}</th>
                  <th scope="col">{t('import.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {outcome.errors.map((error) => (
                  <tr key={`${error.row} ${error.field} ${error.message}`}>
                    <td>{error.row}</td>
                    <td>{error.field || '—'}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    );
  }
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
 * /import: choose a CSV file, see its first rows and the server's dry run (every problem by row),
 * then import it, all or nothing, following the server's progress.
 */
export default function ImportProductsPage() {
  const importProducts = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string[][]>([]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Answers to an earlier file (or an earlier attempt) are ignored once another one has started.
  const attempt = useRef(0);

  const run = async (chosen: File, dryRun: boolean) => {
    attempt.current += 1;
    const mine = attempt.current;
    setStep({ kind: 'working', dryRun, progress: undefined });
    let outcome: ImportOutcome;
    try {
      outcome = await importProducts(chosen, {
        dryRun,
        onProgress: (progress) => {
          if (attempt.current === mine) setStep({ kind: 'working', dryRun, progress });
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
    setPreview([]);
    if (!chosen) {
      attempt.current += 1;
      setStep({ kind: 'idle' });
      return;
    }
    void run(chosen, true);
    setPreview(await readPreview(chosen));
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

      <Preview rows={preview} />

      {step.kind === 'working' && (
        <ProgressBar
          label={step.dryRun ? t('import.checking') : t('import.importing')}
          value={percent(step.dryRun, step.progress)}
        />
      )}
      {(step.kind === 'checked' || step.kind === 'imported') && (
        <Report outcome={step.outcome} imported={step.kind === 'imported'} />
      )}
      {ready && file && (
        <button type="button" className="btn btn-primary" onClick={() => void run(file, false)}>
          {t('import.submit')}
        </button>
      )}
    </div>
  );
}

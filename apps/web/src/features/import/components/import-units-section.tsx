import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  UNIT_CSV_EXPORT_ONLY_COLUMNS,
  UNIT_CSV_IMPORT_COLUMNS,
} from '@walton/contract';
import { type ChangeEvent, useRef, useState } from 'react';
import { ImportRefusal } from '@/components/import-refusal.tsx';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { toast } from '@/lib/toast.ts';
import { type UnitImportOutcome, useImportUnits } from '../api/import-units.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'working'; dryRun: boolean }
  | { kind: 'checked'; outcome: UnitImportOutcome }
  | { kind: 'imported'; outcome: UnitImportOutcome };

const REPORT_TITLE = 'import-units-report-title';

/** What a units import did, or would do: its units, in how many changes (one per item and location). */
function UnitsReport({ outcome, imported }: { outcome: UnitImportOutcome; imported: boolean }) {
  const t = useTranslate();
  if (outcome.kind === 'refused')
    return <ImportRefusal refused={outcome} titleId={REPORT_TITLE} heading="h3" />;
  const { registered, changes } = outcome.result;
  return (
    <section className="alert alert-success" role="status" aria-labelledby={REPORT_TITLE}>
      <h3 id={REPORT_TITLE} className="alert-heading h5">
        {imported ? t('import.imported') : t('import.ready')}
      </h3>
      <p className="mb-0">
        {t(imported ? 'importUnits.registered' : 'importUnits.toRegister', {
          count: registered,
          changes,
        })}
      </p>
    </section>
  );
}

/**
 * Units from a CSV file (POST /api/import/units): one unit received a row, of items tracked by serial
 * number. The file is checked on choosing it (a dry run: every problem by row, nothing written), then
 * registered, all or nothing.
 */
export function ImportUnitsSection() {
  const importUnits = useImportUnits();
  const t = useTranslate();
  const { count } = useFormatters();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Answers to an earlier file (or an earlier attempt) are ignored once another one has started.
  const attempt = useRef(0);

  const run = async (chosen: File, dryRun: boolean) => {
    attempt.current += 1;
    const mine = attempt.current;
    setStep({ kind: 'working', dryRun });
    let outcome: UnitImportOutcome;
    try {
      outcome = await importUnits(chosen, dryRun);
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
      toast.success(
        translate('importUnits.registered', {
          count: outcome.result.registered,
          changes: outcome.result.changes,
        }),
      );
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (!chosen) {
      attempt.current += 1;
      setStep({ kind: 'idle' });
      return;
    }
    await run(chosen, true);
  };

  const working = step.kind === 'working';
  const ready = step.kind === 'checked' && step.outcome.kind === 'done' && step.outcome.result.registered > 0;
  return (
    <section aria-labelledby="import-units-heading" className="mt-5 pt-4 border-top" id="units">
      <h2 id="import-units-heading" className="h4">
        {t('importUnits.heading')}
      </h2>
      <p>
        {t('importUnits.intro', {
          columns: UNIT_CSV_IMPORT_COLUMNS.join(', '),
          ignored: UNIT_CSV_EXPORT_ONLY_COLUMNS.join(', '),
          rows: count(IMPORT_MAX_ROWS),
          megabytes: count(IMPORT_MAX_BYTES / 1024 / 1024),
        })}
      </p>
      <div className="mb-4">
        <label htmlFor="import-units-file" className="form-label">
          {t('importUnits.file')}
        </label>
        <input
          id="import-units-file"
          type="file"
          accept=".csv,text/csv"
          className="form-control"
          onChange={(event) => void choose(event)}
          disabled={working && !step.dryRun}
        />
      </div>
      {working && <p role="status">{step.dryRun ? t('import.checking') : t('import.importing')}</p>}
      {(step.kind === 'checked' || step.kind === 'imported') && (
        <UnitsReport outcome={step.outcome} imported={step.kind === 'imported'} />
      )}
      {ready && file && (
        <button type="button" className="btn btn-primary" onClick={() => void run(file, false)}>
          {t('importUnits.submit')}
        </button>
      )}
    </section>
  );
}

import { type ErrorParams, type ImportRowError, importRefusalSchema } from '@walton/contract';
import type { ReactNode } from 'react';
import { errorText } from '@/i18n/error-text.ts';
import { fieldIssueText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { currentLanguage, translateCode, useTranslate } from '@/i18n/i18n.ts';
import type { ApiRequestError } from '@/lib/api-client.ts';

/** An import the server refused: its message (and code), and every problem it found by row. */
export interface ImportRefused {
  message: string;
  code?: string | undefined;
  params?: ErrorParams | undefined;
  errors: ImportRowError[];
}

/** An import's refusal as the server answered it: its message and code, and its body's row problems. */
export function importRefusedOf(error: ApiRequestError): ImportRefused {
  const body = importRefusalSchema.safeParse(error.body);
  return {
    message: error.message,
    code: error.code,
    params: error.params,
    errors: body.success ? body.data.errors : [],
  };
}

/**
 * A problem the server found, in the active language, by its code: a value the add form's checks
 * refuse as that field issue (INVALID_VALUE's `issue`), any other in English as the server wrote it,
 * in another language by its catalogue's `import.problem.<CODE>`, numbers in that language's digits.
 */
function problemText(error: ImportRowError, count: (value: number) => string): string {
  if (error.code === 'INVALID_VALUE') {
    return fieldIssueText({ code: error.issue ?? 'INVALID', params: error.params }, count);
  }
  if (currentLanguage() === 'en') return error.message;
  const values = Object.fromEntries(
    Object.entries(error.params).map(([name, value]) => [
      name,
      typeof value === 'number' ? count(value) : value,
    ]),
  );
  return translateCode(`import.problem.${error.code}`, values, error.message);
}

/**
 * A table that may scroll sideways on a phone: a region named by its heading, focusable so that a
 * keyboard can scroll it too.
 */
export function ScrollingTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive" tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}

/**
 * An import refused, as an alert: the refusal in the user's language as its heading (`titleId`), then
 * each row problem (row, column, problem). The items and units imports, and a receipt's lines read
 * from a delivery note, show theirs so.
 */
export function ImportRefusal({
  refused,
  titleId,
  heading: Heading = 'h2',
}: {
  refused: ImportRefused;
  titleId: string;
  /** The heading's level: h3 inside a section of its own. */
  heading?: 'h2' | 'h3';
}) {
  const t = useTranslate();
  const { count } = useFormatters();
  return (
    <section className="alert alert-danger" role="alert" aria-labelledby={titleId}>
      <Heading id={titleId} className="alert-heading h5">
        {errorText(refused)}
      </Heading>
      {refused.errors.length > 0 && (
        <ScrollingTable labelledBy={titleId}>
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
              {refused.errors.map((error) => (
                <tr key={`${error.row} ${error.field} ${error.message}`}>
                  <td>{count(error.row)}</td>
                  <td className="text-break">{error.field || '—'}</td>
                  <td>{problemText(error, count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}

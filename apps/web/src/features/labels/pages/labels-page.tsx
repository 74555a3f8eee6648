import { LIST_MAX_LIMIT } from '@walton/contract';
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { type LabelChoice, useLabelItems } from '../api/get-label-products.ts';
import { LabelSheets } from '../components/label-sheets.tsx';
import { DEFAULT_LAYOUT, isLabelLayoutId, LABEL_LAYOUTS, labelsPerSheet } from '../label-layouts.ts';
import '../labels.css';

const SEARCH_DELAY_MS = 300;

/** The choice the address holds: `?ids=a,b` (ticked in the manage table), `?q=…` (a search) or all. */
function choiceOf(params: URLSearchParams): LabelChoice {
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  if (ids.length > 0) return { kind: 'ids', ids };
  const q = params.get('q')?.trim();
  return q ? { kind: 'search', q } : { kind: 'all' };
}

/**
 * Labels to print on A4 sheets: every item, a search, or the items ticked in the manage table, in
 * a chosen sheet layout. Everything but the sheets stays off paper.
 */
export default function LabelsPage() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const layoutId = params.get('layout');
  const layout = LABEL_LAYOUTS[isLabelLayoutId(layoutId) ? layoutId : DEFAULT_LAYOUT];
  const [search, setSearch] = useState(choice.kind === 'search' ? choice.q : '');
  const labels = useLabelItems(choice);
  const t = useTranslate();
  const format = useFormatters();

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A search replaces the other choices once the user pauses typing; clearing it means all items.
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const shownQuery = params.get('q') ?? '';
  useEffect(() => {
    if (query !== shownQuery) update(query ? { q: query, ids: null } : { q: null });
  }, [query, shownQuery, update]);

  const chooseAll = () => {
    setSearch('');
    update({ ids: null });
  };

  return (
    <>
      <div className="container py-4 d-print-none">
        <h1 className="h2">{t('labels.heading')}</h1>
        <p>{t('labels.intro')}</p>
        <Form className="row g-3 align-items-end mb-3" onSubmit={(event) => event.preventDefault()}>
          <fieldset className="col-md-6">
            <legend className="form-label fs-6 mb-1">{t('labels.which')}</legend>
            <Form.Check
              type="radio"
              id="labels-all"
              name="labels-choice"
              label={t('labels.all')}
              checked={choice.kind !== 'ids' && search === ''}
              onChange={chooseAll}
            />
            {choice.kind === 'ids' && (
              <Form.Check
                type="radio"
                id="labels-ids"
                name="labels-choice"
                label={t('labels.ticked', { count: choice.ids.length })}
                checked
                readOnly
              />
            )}
            <Form.Label htmlFor="labels-search" className="mt-2">
              {t('labels.search')}
            </Form.Label>
            <Form.Control
              id="labels-search"
              type="search"
              value={search}
              placeholder={t('manage.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </fieldset>
          <div className="col-md-3">
            <Form.Label htmlFor="labels-layout">{t('labels.layout')}</Form.Label>
            <Form.Select
              id="labels-layout"
              value={isLabelLayoutId(layoutId) ? layoutId : DEFAULT_LAYOUT}
              onChange={(event) => update({ layout: event.target.value })}
            >
              {Object.entries(LABEL_LAYOUTS).map(([id, option]) => (
                <option key={id} value={id}>
                  {t(option.name)}
                </option>
              ))}
            </Form.Select>
          </div>
          <div className="col-md-3">
            <Button
              variant="primary"
              className="w-100"
              onClick={() => window.print()}
              disabled={!labels.data || labels.data.items.length === 0}
            >
              {t('labels.print')}
            </Button>
          </div>
        </Form>
        {labels.isPending ? (
          <Spinner label={t('labels.loading')} />
        ) : labels.isError ? (
          <div className="alert alert-danger" role="alert">
            {t('labels.loadFailed', { reason: errorText(labels.error) })}
          </div>
        ) : (
          <div aria-live="polite" data-testid="labels-summary">
            <p className="mb-1">
              {t('labels.summary', {
                labels: labels.data.items.length,
                sheets: Math.ceil(labels.data.items.length / labelsPerSheet(layout)),
              })}
            </p>
            {labels.data.total > labels.data.items.length && choice.kind !== 'ids' && (
              <p className="mb-1">
                {t('labels.capped', {
                  max: format.count(LIST_MAX_LIMIT),
                  total: format.count(labels.data.total),
                })}
              </p>
            )}
            {labels.data.missing.length > 0 && (
              <p className="mb-1">{t('labels.missing', { count: labels.data.missing.length })}</p>
            )}
          </div>
        )}
      </div>
      {labels.data && <LabelSheets items={labels.data.items} layout={layout} />}
    </>
  );
}

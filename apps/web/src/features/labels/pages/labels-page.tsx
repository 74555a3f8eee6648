import { LIST_MAX_LIMIT } from '@walton/contract';
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
        <h1 className="h2">Labels</h1>
        <p>Print QR labels for the shelves: a phone’s Scan page opens the item from its label.</p>
        <Form className="row g-3 align-items-end mb-3" onSubmit={(event) => event.preventDefault()}>
          <fieldset className="col-md-6">
            <legend className="form-label fs-6 mb-1">Which items</legend>
            <Form.Check
              type="radio"
              id="labels-all"
              name="labels-choice"
              label="All items"
              checked={choice.kind !== 'ids' && search === ''}
              onChange={chooseAll}
            />
            {choice.kind === 'ids' && (
              <Form.Check
                type="radio"
                id="labels-ids"
                name="labels-choice"
                label={`The ${plural(choice.ids.length, 'item', 'items')} ticked in Manage Items`}
                checked
                readOnly
              />
            )}
            <Form.Label htmlFor="labels-search" className="mt-2">
              Or items matching a search
            </Form.Label>
            <Form.Control
              id="labels-search"
              type="search"
              value={search}
              placeholder="Name, supplier or description"
              onChange={(event) => setSearch(event.target.value)}
            />
          </fieldset>
          <div className="col-md-3">
            <Form.Label htmlFor="labels-layout">Sheet layout</Form.Label>
            <Form.Select
              id="labels-layout"
              value={isLabelLayoutId(layoutId) ? layoutId : DEFAULT_LAYOUT}
              onChange={(event) => update({ layout: event.target.value })}
            >
              {Object.entries(LABEL_LAYOUTS).map(([id, option]) => (
                <option key={id} value={id}>
                  {option.name}
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
              Print labels
            </Button>
          </div>
        </Form>
        {labels.isPending ? (
          <Spinner label="Loading the items…" />
        ) : labels.isError ? (
          <div className="alert alert-danger" role="alert">
            We could not load the items: {labels.error.message}
          </div>
        ) : (
          <div aria-live="polite" data-testid="labels-summary">
            <p className="mb-1">
              {plural(labels.data.items.length, 'label', 'labels')} on{' '}
              {plural(Math.ceil(labels.data.items.length / labelsPerSheet(layout)), 'sheet', 'sheets')} of A4.
            </p>
            {labels.data.total > labels.data.items.length && choice.kind !== 'ids' && (
              <p className="mb-1">
                Only the first {LIST_MAX_LIMIT} of {labels.data.total} items get labels at once: narrow them
                with a search.
              </p>
            )}
            {labels.data.missing.length > 0 && (
              <p className="mb-1">
                {plural(
                  labels.data.missing.length,
                  'chosen item no longer exists',
                  'chosen items no longer exist',
                )}{' '}
                (deleted meanwhile): no label for {labels.data.missing.length === 1 ? 'it' : 'them'}.
              </p>
            )}
          </div>
        )}
      </div>
      {labels.data && <LabelSheets items={labels.data.items} layout={layout} />}
    </>
  );
}

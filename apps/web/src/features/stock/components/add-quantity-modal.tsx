import { MAX_QUANTITY } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, type Translate, useTranslate } from '@/i18n/i18n.ts';
import { withAsciiDigits } from '@/i18n/typed-number.ts';
import type { LocationOption } from '../stock-locations.ts';
import { LocationSelect, useLocationChoice } from './location-choice.tsx';

/** Why an amount cannot be used: a message, and the numbers it names. */
export interface RestockProblem {
  error: MessageKey;
  limit?: { max: number; room: number };
}

/**
 * The amount typed in (Bengali digits read as digits), or why it cannot be used: it must be a whole
 * number above 0, and the stock it leads to (with `inStock` units there now) at most the contract's
 * MAX_QUANTITY, which the form checks before sending.
 */
export function parseRestockAmount(raw: string, inStock: number): { amount: number } | RestockProblem {
  const typed = withAsciiDigits(raw).trim();
  const value = Number(typed);
  if (typed === '' || !Number.isFinite(value) || value <= 0) return { error: 'restock.positive' };
  if (!Number.isInteger(value)) return { error: 'restock.wholeNumber' };
  const room = Math.max(0, MAX_QUANTITY - inStock);
  if (value > room) return { error: 'restock.tooMany', limit: { max: MAX_QUANTITY, room } };
  return { amount: value };
}

const problemText = (problem: RestockProblem, t: Translate, count: (value: number) => string): string =>
  problem.limit
    ? t(problem.error, { max: count(problem.limit.max), room: count(problem.limit.room) })
    : t(problem.error);

/**
 * The Add Quentity modal: asks how many units arrived, and where when there is a choice (`places`:
 * more than one, the first preselected); focus is trapped inside and restored on close.
 */
export function AddQuantityModal({
  show,
  productName,
  inStock,
  places = [],
  arrivesAt,
  saving,
  onSubmit,
  onHide,
}: {
  show: boolean;
  productName: string;
  /** The units in stock now: the amount may bring the stock up to MAX_QUANTITY, no further. */
  inStock: number;
  /** The locations the units can arrive at, when the clerk chooses (more than one). */
  places?: readonly LocationOption[];
  /** The name of the location they arrive at, when it is already known (the scan page's "I work at"). */
  arrivesAt?: string | undefined;
  saving: boolean;
  /**
   * `locationId`: the place chosen, when `places` offered a choice and it is not the default location
   * (where a restock naming none arrives: the spec's request says the same).
   */
  onSubmit: (amount: number, locationId: string | undefined) => void;
  onHide: () => void;
}) {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<RestockProblem | null>(null);
  const { option, choose, forget } = useLocationChoice(places);
  const asks = places.length > 1;
  const place = option?.id;
  const t = useTranslate();
  const format = useFormatters();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRestockAmount(raw, inStock);
    if ('error' in parsed) {
      setError(parsed);
      return;
    }
    setError(null);
    onSubmit(parsed.amount, asks && !option?.isDefault ? place : undefined);
  };

  const reset = () => {
    setRaw('');
    setError(null);
    forget();
  };

  return (
    <Modal show={show} onHide={onHide} onExited={reset} centered aria-labelledby="add-quantity-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="add-quantity-title" as="h2" className="h5">
            {t('detail.addQuantity')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor={inputId}>{t('restock.question', { name: productName })}</Form.Label>
          <Form.Control
            id={inputId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={raw}
            autoFocus
            onChange={(event) => setRaw(event.target.value)}
            isInvalid={error !== null}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
          <Form.Control.Feedback type="invalid" id={errorId} role="alert">
            {error && problemText(error, t, format.count)}
          </Form.Control.Feedback>
          {asks && place !== undefined && (
            <div className="mt-3">
              <LocationSelect
                label={t('location.restockTo')}
                options={places}
                value={place}
                onChange={choose}
              />
            </div>
          )}
          {!asks && arrivesAt !== undefined && (
            <p className="mt-3 mb-0">{t('location.arrivesAt', { location: arrivesAt })}</p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? t('common.saving') : t('restock.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

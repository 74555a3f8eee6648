import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import type { LocationOption } from '../stock-locations.ts';

/**
 * The location picked in a LocationSelect: the one the clerk chose, the first of `options` until
 * then; `forget` goes back to the first (a modal that closed).
 */
export function useLocationChoice(options: readonly LocationOption[]) {
  const [chosen, setChosen] = useState<string | null>(null);
  const option = options.find((candidate) => candidate.id === chosen) ?? options[0];
  return { option, choose: setChosen, forget: () => setChosen(null) };
}

/** A select of locations (see useLocationChoice), each with the item's units there when known. */
export function LocationSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly LocationOption[];
  value: string;
  onChange: (locationId: string) => void;
}) {
  const id = useId();
  const t = useTranslate();
  const format = useFormatters();
  return (
    <Form.Group>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.quantity === undefined
              ? option.name
              : t('location.optionWithStock', { name: option.name, quantity: format.count(option.quantity) })}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/**
 * Delivered when the item is at several locations for sale: asks which one the unit leaves from (the
 * first of `options`, the default location when it holds some, preselected).
 */
export function DeliverFromModal({
  show,
  productName,
  options,
  saving,
  onSubmit,
  onHide,
}: {
  show: boolean;
  productName: string;
  options: readonly LocationOption[];
  saving: boolean;
  onSubmit: (locationId: string) => void;
  onHide: () => void;
}) {
  const t = useTranslate();
  const { option, choose, forget } = useLocationChoice(options);
  const value = option?.id ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') onSubmit(value);
  };

  return (
    // A static backdrop: the second tap of a double tap on Delivered does not close the question.
    <Modal
      show={show}
      onHide={onHide}
      onExited={forget}
      backdrop="static"
      centered
      aria-labelledby="deliver-from-title"
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="deliver-from-title" as="h2" className="h5">
            {t('detail.delivered')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <LocationSelect
            label={t('location.deliverFrom', { name: productName })}
            options={options}
            value={value}
            onChange={choose}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="success" disabled={saving}>
            {saving ? t('detail.delivering') : t('location.deliverOne')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

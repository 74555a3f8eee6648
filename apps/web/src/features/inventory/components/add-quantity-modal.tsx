import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { type MessageKey, useTranslate } from '../../../i18n/i18n.ts';

/** The amount typed in, or the message saying why it cannot be used (it must be above 0). */
export function parseRestockAmount(raw: string): { amount: number } | { error: MessageKey } {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) return { error: 'restock.positive' };
  if (!Number.isInteger(value)) return { error: 'restock.wholeNumber' };
  return { amount: value };
}

/** The Add Quentity modal: asks how many units arrived; focus is trapped inside and restored on close. */
export function AddQuantityModal({
  show,
  productName,
  saving,
  onSubmit,
  onHide,
}: {
  show: boolean;
  productName: string;
  saving: boolean;
  onSubmit: (amount: number) => void;
  onHide: () => void;
}) {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const t = useTranslate();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRestockAmount(raw);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSubmit(parsed.amount);
  };

  const reset = () => {
    setRaw('');
    setError(null);
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
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={raw}
            autoFocus
            onChange={(event) => setRaw(event.target.value)}
            isInvalid={error !== null}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
          <Form.Control.Feedback type="invalid" id={errorId} role="alert">
            {error && t(error)}
          </Form.Control.Feedback>
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

import { SPEC_TEXT } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

const WHOLE_NUMBER = 'Please enter a whole number of units';

/** The amount typed in, or the message saying why it cannot be used (it must be above 0). */
export function parseRestockAmount(raw: string): { amount: number } | { error: string } {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) return { error: SPEC_TEXT.positiveValue };
  if (!Number.isInteger(value)) return { error: WHOLE_NUMBER };
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
  const [error, setError] = useState<string | null>(null);
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
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="add-quantity-title" as="h2" className="h5">
            Add Quentity
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor={inputId}>How many units of {productName} arrived?</Form.Label>
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
            {error}
          </Form.Control.Feedback>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Add to stock'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

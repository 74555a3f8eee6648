import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input whose validation error is announced and linked to it with aria-describedby. */
export function TextField({
  label,
  type = 'text',
  autoComplete,
  error,
  registration,
}: {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        type={type}
        autoComplete={autoComplete}
        required
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

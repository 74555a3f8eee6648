import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';

/** A labelled input whose error is announced and linked to it. */
export function FormField({
  label,
  error,
  registration,
  hint,
  optional = false,
  ...inputProps
}: {
  label: string;
  /** May be left empty. */
  optional?: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  hint?: string;
  type?: string;
  as?: 'textarea';
  rows?: number;
  readOnly?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'email';
  min?: number;
  step?: number | string;
  autoComplete?: string;
}) {
  const id = useId();
  const format = useFormatters();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        {...inputProps}
        required={!optional}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error && fieldMessageText(error, format.count)}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

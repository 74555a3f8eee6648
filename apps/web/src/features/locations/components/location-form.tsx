import {
  type CreateLocation,
  createLocationSchema,
  LOCATION_KINDS,
  type LocationKind,
} from '@walton/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { KIND_NAMES } from '../location-kinds.ts';

type Field = 'name' | 'address';

const isKind = (value: string): value is LocationKind =>
  (LOCATION_KINDS as readonly string[]).includes(value);

/**
 * A location's name, kind and address, checked by the contract's own rules (createLocationSchema)
 * before `onSubmit` gets them; each problem is said under its field in the user's language.
 * `actions` are the form's buttons (its submit among them).
 */
export function LocationForm({
  initial,
  label,
  onSubmit,
  children: actions,
}: {
  initial?: CreateLocation;
  /** The form's accessible name. */
  label: string;
  onSubmit: (location: CreateLocation) => void;
  children: ReactNode;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const [name, setName] = useState(initial?.name ?? '');
  const [kind, setKind] = useState<LocationKind>(initial?.kind ?? 'warehouse');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createLocationSchema.safeParse({ name, kind, address });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'address') && found[field] === undefined) {
          found[field] = fieldMessageText(issue.message, format.count);
        }
      }
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(parsed.data);
  };

  const control = (field: Field) => ({
    isInvalid: problems[field] !== undefined,
    'aria-invalid': problems[field] !== undefined,
    'aria-describedby': problems[field] === undefined ? undefined : `${id}-${field}-problem`,
  });
  const feedback = (field: Field) => (
    <Form.Control.Feedback type="invalid" id={`${id}-${field}-problem`}>
      {problems[field]}
    </Form.Control.Feedback>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label={label}>
      <div className="row g-3 mb-3">
        <Form.Group className="col-md-4" controlId={`${id}-name`}>
          <Form.Label>{t('locations.column.name')}</Form.Label>
          <Form.Control
            value={name}
            autoComplete="off"
            onChange={(event) => setName(event.currentTarget.value)}
            {...control('name')}
          />
          {feedback('name')}
        </Form.Group>
        <Form.Group className="col-md-3" controlId={`${id}-kind`}>
          <Form.Label>{t('locations.column.kind')}</Form.Label>
          <Form.Select
            value={kind}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isKind(next)) setKind(next);
            }}
          >
            {LOCATION_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(KIND_NAMES[option])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-5" controlId={`${id}-address`}>
          <Form.Label>{t('locations.column.address')}</Form.Label>
          <Form.Control
            value={address}
            autoComplete="street-address"
            onChange={(event) => setAddress(event.currentTarget.value)}
            {...control('address')}
          />
          {feedback('address')}
        </Form.Group>
      </div>
      {actions}
    </Form>
  );
}

import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FIELD_LABELS } from '@/entities/products/field-labels.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, useTranslate } from '@/i18n/i18n.ts';
import type { EditProductValues } from '../add-product-form-schema.ts';
import type { EditConflict } from '../edit-merge.ts';

type Choice = 'theirs' | 'yours';

const shown = (conflict: EditConflict, value: EditConflict['yours']): string => {
  if (value === undefined || value === '') return '(empty)';
  return conflict.field === 'price' ? formatters(currentLanguage()).price(Number(value)) : String(value);
};

function ConflictField({
  conflict,
  choice,
  onChoose,
}: {
  conflict: EditConflict;
  choice: Choice | undefined;
  onChoose: (choice: Choice) => void;
}) {
  const name = useId();
  const t = useTranslate();
  const options: Array<[Choice, string, EditConflict['yours']]> = [
    ['theirs', t('conflict.theirs'), conflict.theirs],
    ['yours', t('conflict.yours'), conflict.yours],
  ];
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t(FIELD_LABELS[conflict.field])}</legend>
      <Row className="g-2">
        {options.map(([value, label, shownValue]) => (
          <Col sm={6} key={value}>
            <div className={`border rounded p-2 h-100 ${choice === value ? 'border-primary' : ''}`}>
              <Form.Check
                type="radio"
                id={`${name}-${value}`}
                name={name}
                checked={choice === value}
                onChange={() => onChoose(value)}
                label={
                  <>
                    <span className="fw-semibold d-block">{label}</span>
                    <span className="text-break">{shown(conflict, shownValue)}</span>
                  </>
                }
              />
            </div>
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}

/**
 * Someone saved this item while the clerk was editing it, and both changed these fields: their
 * values and the clerk's side by side, the clerk picks one of each, and the edit is saved against
 * the latest version (the other fields were merged already).
 */
export function EditConflictChooser({
  conflicts,
  values,
  saving,
  onSave,
  onCancel,
}: {
  conflicts: EditConflict[];
  values: EditProductValues;
  saving: boolean;
  onSave: (values: EditProductValues) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState<Partial<Record<EditConflict['field'], Choice>>>({});
  const t = useTranslate();
  const complete = conflicts.every((conflict) => choices[conflict.field] !== undefined);
  const save = () => {
    const chosen = { ...values };
    for (const conflict of conflicts) {
      Object.assign(chosen, {
        [conflict.field]: choices[conflict.field] === 'yours' ? conflict.yours : conflict.theirs,
      });
    }
    onSave(chosen);
  };
  return (
    <section aria-labelledby="edit-conflict-heading" className="border border-warning rounded p-3 mb-3">
      <h2 id="edit-conflict-heading" className="h5">
        {t('conflict.heading')}
      </h2>
      <p>{t('conflict.text')}</p>
      {conflicts.map((conflict) => (
        <ConflictField
          key={conflict.field}
          conflict={conflict}
          choice={choices[conflict.field]}
          onChoose={(choice) => setChoices((current) => ({ ...current, [conflict.field]: choice }))}
        />
      ))}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" onClick={save} disabled={!complete || saving}>
          {saving ? t('common.saving') : t('conflict.save')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={saving}>
          {t('conflict.discard')}
        </Button>
      </div>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ATTRIBUTE_TYPES, type Category, type CreateCategory } from '@walton/contract';
import { type ReactNode, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldPath, type UseFormRegisterReturn, useFieldArray, useForm } from 'react-hook-form';
import { showServerFieldErrors } from '@/entities/products/server-field-errors.ts';
import { errorText } from '@/i18n/error-text.ts';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, useTranslate } from '@/i18n/i18n.ts';
import {
  type CategoryFormValues,
  categoryFormSchema,
  categoryFormValuesOf,
  emptyAttributeRow,
} from '../category-form-schema.ts';

const TYPE_NAMES: Record<(typeof ATTRIBUTE_TYPES)[number], MessageKey> = {
  text: 'categories.type.text',
  number: 'categories.type.number',
  boolean: 'categories.type.boolean',
  choice: 'categories.type.choice',
};

/** A labelled text input whose error (a contract check's message) is said in the user's language. */
function TextField({
  label,
  registration,
  error,
  as,
  hint,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  as?: 'textarea';
  hint?: string;
}) {
  const id = useId();
  const format = useFormatters();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        {...(as ? { as, rows: 3 } : {})}
        autoComplete="off"
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error && fieldMessageText(error, format.count)}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/**
 * A category's names in English and Bengali and its attribute rows (key, labels in both languages,
 * type, a number's unit, a choice's options, required), rows added and removed; checked by the
 * contract's rules before `onSave` sends it (a refusal it throws goes on the fields it names).
 */
export function CategoryForm({
  category,
  label,
  onSave,
  children: actions,
}: {
  category?: Category;
  label: string;
  onSave: (category: CreateCategory) => Promise<unknown>;
  children: ReactNode;
}) {
  const t = useTranslate();
  const form = useForm<CategoryFormValues, unknown, CreateCategory>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: categoryFormValuesOf(category),
  });
  const rows = useFieldArray({ control: form.control, name: 'attributes' });
  const errors = form.formState.errors;
  const field = (name: FieldPath<CategoryFormValues>) => ({
    registration: form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  const types = form.watch('attributes').map((row) => row.type);

  const submit = async (values: CreateCategory) => {
    try {
      await onSave(values);
    } catch (error) {
      const placed = showServerFieldErrors(
        error,
        Object.keys(form.getValues()).flatMap((name) =>
          name === 'attributes'
            ? rows.fields.flatMap((_, index) =>
                (['key', 'labelEn', 'labelBn', 'unit', 'options'] as const).map(
                  (part) => `attributes.${index}.${part}` as const,
                ),
              )
            : [name as 'nameEn' | 'nameBn'],
        ),
        form.setError,
      );
      if (placed === 0)
        form.setError('root', { message: error instanceof Error ? errorText(error) : String(error) });
    }
  };

  return (
    <Form noValidate aria-label={label} onSubmit={form.handleSubmit(submit)}>
      {errors.root?.message && (
        <Alert variant="danger" role="alert">
          {t('categories.notSaved', { reason: errors.root.message })}
        </Alert>
      )}
      <Row>
        <Col md={6}>
          <TextField label={t('categories.nameEn')} {...field('nameEn')} />
        </Col>
        <Col md={6}>
          <TextField label={t('categories.nameBn')} {...field('nameBn')} />
        </Col>
      </Row>
      <h3 className="h6">{t('categories.attributes')}</h3>
      {errors.attributes?.message && (
        <p className="text-danger" role="alert">
          {errors.attributes.message}
        </p>
      )}
      {rows.fields.map((row, index) => (
        <fieldset key={row.id} className="border rounded p-3 mb-3">
          <legend className="fs-6 float-none w-auto px-1 mb-0">
            {t('categories.attributeNumber', { number: String(index + 1) })}
          </legend>
          <Row>
            <Col md={4}>
              <TextField
                label={t('categories.key')}
                {...field(`attributes.${index}.key`)}
                hint={t('categories.keyHint')}
              />
            </Col>
            <Col md={4}>
              <TextField label={t('categories.labelEn')} {...field(`attributes.${index}.labelEn`)} />
            </Col>
            <Col md={4}>
              <TextField label={t('categories.labelBn')} {...field(`attributes.${index}.labelBn`)} />
            </Col>
            <Col md={4}>
              <Form.Group className="mb-3" controlId={`attribute-${row.id}-type`}>
                <Form.Label>{t('categories.type')}</Form.Label>
                <Form.Select {...form.register(`attributes.${index}.type`)}>
                  {ATTRIBUTE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(TYPE_NAMES[type])}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            {types[index] === 'number' && (
              <Col md={4}>
                <TextField label={t('categories.unit')} {...field(`attributes.${index}.unit`)} />
              </Col>
            )}
            {types[index] === 'choice' && (
              <Col md={4}>
                <TextField
                  label={t('categories.options')}
                  {...field(`attributes.${index}.options`)}
                  as="textarea"
                  hint={t('categories.optionsHint')}
                />
              </Col>
            )}
            <Col md={4} className="d-flex align-items-center">
              <Form.Check
                type="switch"
                role="switch"
                id={`attribute-${row.id}-required`}
                label={t('categories.required')}
                {...form.register(`attributes.${index}.required`)}
              />
            </Col>
          </Row>
          <Button variant="outline-danger" size="sm" onClick={() => rows.remove(index)}>
            {t('categories.removeAttribute', { number: String(index + 1) })}
          </Button>
        </fieldset>
      ))}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => rows.append(emptyAttributeRow())}>
          {t('categories.addAttribute')}
        </Button>
        {actions}
      </div>
    </Form>
  );
}

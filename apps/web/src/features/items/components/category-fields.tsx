import type { Category } from '@walton/contract';
import { type ReactNode, useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { attributeLabel, categoryName } from '@/entities/categories/names.ts';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';

type Attribute = Category['attributes'][number];

/** What the fields need of a form whose values include `category` and `attributes` (both forms' useForm). */
interface CategoryFieldsForm {
  register: (field: 'category' | `attributes.${string}`) => UseFormRegisterReturn;
  formState: {
    errors: { attributes?: Partial<Record<string, { message?: string | undefined }>> | undefined };
  };
}

/** One attribute of the template as its input: a switch, a select of its options, a number with its unit, a text. */
function AttributeField({
  attribute,
  registration,
  error,
}: {
  attribute: Attribute;
  registration: UseFormRegisterReturn;
  /** Already in words (the server's refusal or the form's own check). */
  error: string | undefined;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const label = attributeLabel(attribute, language);
  const shown = attribute.required ? t('add.attributeRequired', { label }) : label;
  const invalid = {
    isInvalid: Boolean(error),
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
  };
  const feedback = (
    <Form.Control.Feedback type="invalid" id={errorId} className={error ? 'd-block' : undefined}>
      {error}
    </Form.Control.Feedback>
  );
  if (attribute.type === 'boolean') {
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Check type="switch" role="switch" label={shown} {...registration} {...invalid} />
        {feedback}
      </Form.Group>
    );
  }
  let input: ReactNode;
  if (attribute.type === 'choice') {
    input = (
      <Form.Select {...registration} required={attribute.required} {...invalid}>
        <option value="">{t('add.attributeNoChoice')}</option>
        {(attribute.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Form.Select>
    );
  } else {
    const number = attribute.type === 'number';
    input = (
      <Form.Control
        {...registration}
        type="text"
        {...(number ? { inputMode: 'decimal' as const, autoComplete: 'off' } : {})}
        required={attribute.required}
        {...invalid}
      />
    );
    if (number && attribute.unit) {
      // The unit beside the number, and the error inside the group so that it shows under both.
      return (
        <Form.Group className="mb-3" controlId={id}>
          <Form.Label>{shown}</Form.Label>
          <InputGroup hasValidation>
            {input}
            <InputGroup.Text>{attribute.unit}</InputGroup.Text>
            {feedback}
          </InputGroup>
        </Form.Group>
      );
    }
  }
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{shown}</Form.Label>
      {input}
      {feedback}
    </Form.Group>
  );
}

/**
 * The item's category (none: the form as it always was) and, once one is chosen, its template's
 * attributes as inputs labelled in the user's language.
 */
export function CategoryFields({
  form,
  categories,
  chosen,
}: {
  form: CategoryFieldsForm;
  categories: readonly Category[];
  /** The chosen category's id ("" for none). */
  chosen: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const category = categories.find((candidate) => candidate.id === chosen);
  const errors = form.formState.errors.attributes ?? {};
  return (
    <>
      <Col md={6}>
        <Form.Group className="mb-3" controlId="item-category">
          <Form.Label>{t('add.category')}</Form.Label>
          <Form.Select {...form.register('category')}>
            <option value="">{t('add.categoryNone')}</option>
            {categories.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {categoryName(candidate, language)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      {category?.attributes.map((attribute) => (
        <Col sm={6} key={`${category.id}.${attribute.key}`}>
          <AttributeField
            attribute={attribute}
            registration={form.register(`attributes.${attribute.key}`)}
            error={errors[attribute.key]?.message}
          />
        </Col>
      ))}
    </>
  );
}

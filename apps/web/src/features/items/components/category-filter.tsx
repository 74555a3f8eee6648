import type { Category } from '@walton/contract';
import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { attributeLabel, categoryName } from '@/entities/categories/names.ts';
import { useLanguage, useTranslate } from '@/i18n/i18n.ts';
import type { AttributeFilterInputs } from '../attribute-filters.ts';

type Attribute = Category['attributes'][number];

/** One attribute's filter: any/yes/no for a boolean, any or an option for a choice, min–max for a number, a text. */
function AttributeFilter({
  attribute,
  inputs,
  onChange,
}: {
  attribute: Attribute;
  inputs: AttributeFilterInputs;
  onChange: (name: string, value: string) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const id = useId();
  const label = attributeLabel(attribute, language);
  const { key } = attribute;
  if (attribute.type === 'number') {
    const unit = attribute.unit ? <InputGroup.Text>{attribute.unit}</InputGroup.Text> : null;
    return (
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{label}</legend>
        <InputGroup>
          <Form.Control
            aria-label={t('manage.filterMin', { label })}
            placeholder={t('manage.filterMinPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            value={inputs[`${key}.min`] ?? ''}
            onChange={(event) => onChange(`${key}.min`, event.target.value)}
          />
          <InputGroup.Text aria-hidden="true">–</InputGroup.Text>
          <Form.Control
            aria-label={t('manage.filterMax', { label })}
            placeholder={t('manage.filterMaxPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            value={inputs[`${key}.max`] ?? ''}
            onChange={(event) => onChange(`${key}.max`, event.target.value)}
          />
          {unit}
        </InputGroup>
      </fieldset>
    );
  }
  const value = inputs[key] ?? '';
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {attribute.type === 'text' ? (
        <Form.Control type="search" value={value} onChange={(event) => onChange(key, event.target.value)} />
      ) : (
        <Form.Select value={value} onChange={(event) => onChange(key, event.target.value)}>
          <option value="">{t('manage.filterAny')}</option>
          {attribute.type === 'boolean' ? (
            <>
              <option value="true">{t('manage.filterYes')}</option>
              <option value="false">{t('manage.filterNo')}</option>
            </>
          ) : (
            (attribute.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))
          )}
        </Form.Select>
      )}
    </Form.Group>
  );
}

/**
 * The Manage Items filter by category ("All categories" or one) and, once one is chosen, by each
 * attribute of its template. Shown only when there are categories.
 */
export function CategoryFilter({
  categories,
  category,
  inputs,
  onCategory,
  onInputs,
}: {
  categories: readonly Category[];
  /** The chosen category's id ("" for all). */
  category: string;
  inputs: AttributeFilterInputs;
  onCategory: (id: string) => void;
  onInputs: (inputs: AttributeFilterInputs) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const id = useId();
  if (categories.length === 0) return null;
  const chosen = categories.find((candidate) => candidate.id === category);
  return (
    <>
      <Form.Group className="mb-3">
        <Form.Label htmlFor={id}>{t('manage.filterCategory')}</Form.Label>
        <Form.Select id={id} value={category} onChange={(event) => onCategory(event.target.value)}>
          <option value="">{t('manage.filterAllCategories')}</option>
          {categories.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {categoryName(candidate, language)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {chosen && chosen.attributes.length > 0 && (
        <Row>
          {chosen.attributes.map((attribute) => (
            <Col sm={6} lg={4} key={`${chosen.id}.${attribute.key}`}>
              <AttributeFilter
                attribute={attribute}
                inputs={inputs}
                onChange={(name, value) => onInputs({ ...inputs, [name]: value })}
              />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

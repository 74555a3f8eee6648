import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslate } from '@/i18n/i18n.ts';
import { FormField } from './form-field.tsx';
import { PhotoPicker } from './photo-picker.tsx';

/** The item's own fields, which the Add form and the Edit form share. */
export const DETAIL_FIELDS = ['name', 'img', 'price', 'description', 'lowStockThreshold'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** What the fields need of a react-hook-form form whose values include them (both forms' useForm). */
interface DetailFieldsForm {
  register: (field: DetailField) => UseFormRegisterReturn;
  setValue: (field: 'img', value: string, options: { shouldValidate: boolean; shouldDirty: boolean }) => void;
  formState: { errors: Partial<Record<DetailField, { message?: string | undefined }>> };
}

/**
 * Name, image (an address, or a photo taken or chosen: PhotoPicker), price, the low-stock threshold and description, with the same labels, hints and input
 * types in both forms; `afterPrice` goes next to the price (the Add form's quantity).
 */
export function ProductDetailFields({
  form,
  afterPrice,
}: {
  form: DetailFieldsForm;
  afterPrice?: ReactNode;
}) {
  const t = useTranslate();
  const field = (name: DetailField) => ({
    registration: form.register(name),
    error: form.formState.errors[name]?.message,
  });
  return (
    <>
      <Col md={6}>
        <FormField label={t('add.name')} {...field('name')} />
      </Col>
      <Col md={6}>
        <FormField
          label={t('add.img')}
          {...field('img')}
          type="url"
          inputMode="url"
          hint={t('add.imgHint')}
        />
        <PhotoPicker
          onUploaded={(url) => form.setValue('img', url, { shouldValidate: true, shouldDirty: true })}
        />
      </Col>
      <Col sm={6}>
        <FormField
          label={t('add.price')}
          {...field('price')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
        />
      </Col>
      {afterPrice}
      <Col sm={6}>
        <FormField
          label={t('add.lowStock')}
          {...field('lowStockThreshold')}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          optional
          hint={t('add.lowStockHint')}
        />
      </Col>
      <Col xs={12}>
        <FormField label={t('add.description')} {...field('description')} as="textarea" rows={4} />
      </Col>
    </>
  );
}

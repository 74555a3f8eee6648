import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslate } from '@/i18n/i18n.ts';
import { FormField } from './form-field.tsx';

/**
 * "Warranty (months)" of a tracked item, in the Add form and the Edit form alike: typed as text (Bengali
 * digits too) and checked by the forms' schema (`warrantyMonths` of addProductFormSchema, the contract's
 * 0–120).
 */
export function WarrantyMonthsField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const t = useTranslate();
  return (
    <FormField
      label={t('add.warrantyMonths')}
      error={error}
      registration={registration}
      type="text"
      inputMode="numeric"
      autoComplete="off"
    />
  );
}

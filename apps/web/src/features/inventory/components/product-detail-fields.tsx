import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

/** The item's own fields, which the Add form and the Edit form share. */
export type DetailField = 'name' | 'img' | 'price' | 'description' | 'lowStockThreshold';

/** How a form hands one of its fields over: its registration and its current error. */
export type FieldOf = (field: DetailField) => {
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/**
 * Name, image, price, the low-stock threshold and description, with the same labels, hints and input
 * types in both forms; `afterPrice` goes next to the price (the Add form's quantity).
 */
export function ProductDetailFields({ field, afterPrice }: { field: FieldOf; afterPrice?: ReactNode }) {
  return (
    <>
      <Col md={6}>
        <FormField label="Name" {...field('name')} />
      </Col>
      <Col md={6}>
        <FormField
          label="Image URL"
          {...field('img')}
          type="url"
          inputMode="url"
          hint="An http(s) address, or a path under /images/"
        />
      </Col>
      <Col sm={6}>
        <FormField
          label="Price (BDT)"
          {...field('price')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
        />
      </Col>
      {afterPrice}
      <Col sm={6}>
        <FormField
          label="Low stock alert at"
          {...field('lowStockThreshold')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          optional
          hint="Optional: at or below this quantity the item shows Low stock and an alert is emailed"
        />
      </Col>
      <Col xs={12}>
        <FormField label="Description" {...field('description')} as="textarea" rows={4} />
      </Col>
    </>
  );
}

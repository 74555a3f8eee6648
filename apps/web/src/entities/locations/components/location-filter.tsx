import type { Location } from '@walton/contract';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslate } from '@/i18n/i18n.ts';
import { useLocations } from '../api/get-locations.ts';

/**
 * A list's location filter: "All locations" or one location (its items with stock there, each with
 * its units there beside the total). Shown only when there is more than one location to choose.
 * `onChange` gets the chosen location, undefined for all.
 */
export function LocationFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (location: Location | undefined) => void;
}) {
  const id = useId();
  const t = useTranslate();
  const locations = useLocations().data ?? [];
  if (locations.length < 2) return null;
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{t('location.filter')}</Form.Label>
      <Form.Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(locations.find((location) => location.id === event.target.value))}
      >
        <option value="">{t('location.filterAll')}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

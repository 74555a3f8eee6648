import type { Location } from '@walton/contract';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * The required choice of a location a new document (a receipt, a count, a dispatch order) is at,
 * among the `locations` that form offers, by name.
 */
export function LocationSelect({
  label,
  locations,
  value,
  onChange,
  className,
}: {
  label: string;
  locations: readonly Location[];
  value: string;
  onChange: (locationId: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select required value={value} onChange={(event) => onChange(event.target.value)}>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslate } from '@/i18n/i18n.ts';
import { useLocations } from '../api/get-locations.ts';
import { useWorkplace } from '../workplace.ts';

/**
 * "I work at": the location this device's clerk works at, kept on the device; shown only when there
 * is more than one active location to work at.
 */
export function WorkplaceSelect() {
  const id = useId();
  const t = useTranslate();
  const locations = useLocations();
  const [workplace, setWorkplace] = useWorkplace();
  const active = (locations.data ?? []).filter((location) => location.active);
  if (active.length < 2) return null;
  const value = active.some((location) => location.id === workplace) ? (workplace ?? '') : '';
  return (
    <Form.Group>
      <Form.Label htmlFor={id}>{t('location.workAt')}</Form.Label>
      <Form.Select id={id} value={value} onChange={(event) => setWorkplace(event.target.value || null)}>
        <option value="">{t('location.workAtNone')}</option>
        {active.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

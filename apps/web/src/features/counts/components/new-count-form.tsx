import { COUNT_ITEMS_MAX } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { LocationSelect } from '@/entities/locations/components/location-select.tsx';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateCount } from '../api/counts.ts';

/** The item codes typed, one a line (or separated by commas or spaces), each once. */
const itemCodesOf = (text: string) => [...new Set(text.split(/[\s,]+/).filter((code) => code !== ''))];

/**
 * Starts a count of an active location: every item it holds, or only the item codes typed; blind
 * hides the expected numbers from the clerks counting. The server takes the snapshot and decides;
 * its refusal is said in the user's language, and the count's page opens.
 */
export function NewCountForm() {
  const t = useTranslate();
  const navigate = useNavigate();
  const create = useCreateCount();
  const locations = useLocations();
  const active = (locations.data ?? []).filter((location) => location.active);
  const [locationId, setLocationId] = useState('');
  const [items, setItems] = useState('');
  const [blind, setBlind] = useState(false);
  const id = useId();
  const location = locationId || active[0]?.id || '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const productIds = itemCodesOf(items);
    create
      .mutateAsync({ locationId: location, blind, ...(productIds.length > 0 ? { productIds } : {}) })
      .then((count) => {
        toast.success(translate('counts.started'));
        void navigate(paths.count(count.id));
      }, announceRefusal('counts.notStarted'));
  };
  return (
    <Form onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('counts.startHeading')}
      </h2>
      <div className="row g-3">
        <LocationSelect
          className="col-12 col-md-4"
          label={t('counts.location')}
          locations={active}
          value={location}
          onChange={setLocationId}
        />
        <Form.Group className="col-12 col-md-8" controlId={`${id}-items`}>
          <Form.Label>{t('counts.onlyItems')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={items}
            onChange={(event) => setItems(event.target.value)}
            aria-describedby={`${id}-items-hint`}
            autoComplete="off"
          />
          <Form.Text id={`${id}-items-hint`}>{t('counts.onlyItemsHint', { max: COUNT_ITEMS_MAX })}</Form.Text>
        </Form.Group>
        <Form.Group className="col-12" controlId={`${id}-blind`}>
          <Form.Check
            type="switch"
            checked={blind}
            onChange={(event) => setBlind(event.target.checked)}
            label={t('counts.blind')}
            aria-describedby={`${id}-blind-hint`}
          />
          <Form.Text id={`${id}-blind-hint`}>{t('counts.blindHint')}</Form.Text>
        </Form.Group>
      </div>
      <Button type="submit" size="lg" className="mt-3" disabled={create.isPending || location === ''}>
        {t('counts.start')}
      </Button>
    </Form>
  );
}

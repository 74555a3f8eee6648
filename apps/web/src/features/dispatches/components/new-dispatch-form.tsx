import { DISPATCH_LINES_MAX, DISPATCH_QUANTITY_MAX, type Location } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { LocationSelect } from '@/entities/locations/components/location-select.tsx';
import { useWorkplace } from '@/entities/locations/workplace.ts';
import { useProducts } from '@/entities/products/api/get-products.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { withAsciiDigits } from '@/i18n/typed-number.ts';
import { toast } from '@/lib/toast.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useCreateDispatch } from '../api/dispatches.ts';
import { announceRefusal } from './dispatch-texts.ts';

/** Items offered for a line: the first that match what was typed. */
const ITEM_CHOICES = 50;

interface DraftLine {
  productId: string;
  name: string;
  quantity: number;
}

/** Locations units may leave from: active and for sale (not quarantine). */
const sellable = (locations: readonly Location[]) =>
  locations.filter((location) => location.active && location.kind !== 'quarantine');

/**
 * Takes a customer's order as a draft: who it goes to, where the units leave from, and its lines (an
 * item found by name, and how many). The server judges it; its refusal is said in the user's
 * language, and the draft opens on its own page.
 */
export function NewDispatchForm() {
  const t = useTranslate();
  const format = useFormatters();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateDispatch();
  const locations = useLocations();
  const [workplace] = useWorkplace();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [locationId, setLocationId] = useState('');
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [lineError, setLineError] = useState<string | null>(null);
  const query = useDebounced(search, 250);
  const items = useProducts({ limit: ITEM_CHOICES, q: query }, productListSchema);
  const choices = (items.data?.items ?? []).filter(
    (item) => !lines.some((line) => line.productId === item._id),
  );
  const places = sellable(locations.data ?? []);
  const from =
    locationId ||
    places.find((place) => place.id === workplace)?.id ||
    places.find((place) => place.isDefault)?.id ||
    places[0]?.id ||
    '';
  const chosen = choices.find((item) => item._id === chosenId) ?? choices[0];

  const addLine = () => {
    const typed = withAsciiDigits(quantity).trim();
    const count = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (!chosen) {
      setLineError(t('dispatches.chooseItem'));
      return;
    }
    if (!Number.isInteger(count) || count < 1 || count > DISPATCH_QUANTITY_MAX) {
      setLineError(t('dispatches.quantityRange', { max: format.count(DISPATCH_QUANTITY_MAX) }));
      return;
    }
    setLineError(null);
    setLines([...lines, { productId: chosen._id, name: chosen.name, quantity: count }]);
    setChosenId('');
    setQuantity('1');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) {
      setLineError(t('dispatches.noLines'));
      return;
    }
    create.mutate(
      {
        customer: {
          name,
          ...(phone.trim() ? { phone } : {}),
          ...(address.trim() ? { address } : {}),
        },
        locationId: from,
        lines: lines.map(({ productId, quantity: units }) => ({ productId, quantity: units })),
      },
      {
        onSuccess: (order) => {
          toast.success(translate('dispatches.created', { customer: order.customer.name }));
          navigate(paths.dispatch(order.id));
        },
        onError: announceRefusal('dispatches.notCreated'),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('dispatches.newHeading')}
      </h2>
      <Form onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
        <div className="row g-2">
          <Form.Group className="col-12 col-md-4" controlId={`${id}-name`}>
            <Form.Label>{t('dispatches.customerName')}</Form.Label>
            <Form.Control
              required
              maxLength={200}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
            />
          </Form.Group>
          <Form.Group className="col-12 col-md-4" controlId={`${id}-phone`}>
            <Form.Label>{t('dispatches.customerPhone')}</Form.Label>
            <Form.Control
              type="tel"
              maxLength={40}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              autoComplete="off"
            />
          </Form.Group>
          <LocationSelect
            className="col-12 col-md-4"
            label={t('dispatches.location')}
            locations={places}
            value={from}
            onChange={setLocationId}
          />
          <Form.Group className="col-12" controlId={`${id}-address`}>
            <Form.Label>{t('dispatches.customerAddress')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          </Form.Group>
        </div>
        <fieldset className="mt-3">
          <legend className="fs-6 fw-semibold">{t('dispatches.lines')}</legend>
          {lines.length > 0 && (
            <ul className="list-group mb-2" aria-label={t('dispatches.lines')}>
              {lines.map((line) => (
                <li
                  key={line.productId}
                  className="list-group-item d-flex justify-content-between align-items-center gap-2"
                >
                  <span className="text-break">
                    {t('dispatches.lineOf', { name: line.name, quantity: format.count(line.quantity) })}
                  </span>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={t('dispatches.removeLine', { name: line.name })}
                    onClick={() => setLines(lines.filter((kept) => kept.productId !== line.productId))}
                  >
                    {t('dispatches.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="row g-2 align-items-end">
            <Form.Group className="col-12 col-md-4" controlId={`${id}-search`}>
              <Form.Label>{t('dispatches.findItem')}</Form.Label>
              <Form.Control
                type="search"
                maxLength={200}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                autoComplete="off"
              />
            </Form.Group>
            <Form.Group className="col-12 col-md-4" controlId={`${id}-item`}>
              <Form.Label>{t('dispatches.item')}</Form.Label>
              <Form.Select value={chosen?._id ?? ''} onChange={(event) => setChosenId(event.target.value)}>
                {choices.length === 0 && <option value="">{t('dispatches.noItems')}</option>}
                {choices.map((item) => (
                  <option key={item._id} value={item._id}>
                    {item.model ? `${item.name} (${item.model})` : item.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-6 col-md-2" controlId={`${id}-quantity`}>
              <Form.Label>{t('dispatches.quantity')}</Form.Label>
              <Form.Control
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
              />
            </Form.Group>
            <div className="col-6 col-md-2">
              <Button
                variant="outline-primary"
                className="w-100"
                onClick={addLine}
                disabled={lines.length >= DISPATCH_LINES_MAX}
              >
                {t('dispatches.addLine')}
              </Button>
            </div>
          </div>
          {lineError && (
            <div className="invalid-feedback d-block" role="alert">
              {lineError}
            </div>
          )}
        </fieldset>
        <Button type="submit" className="mt-3" disabled={create.isPending}>
          {t('dispatches.create')}
        </Button>
      </Form>
    </section>
  );
}

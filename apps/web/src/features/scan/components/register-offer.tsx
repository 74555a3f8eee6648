import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useProducts } from '@/entities/products/api/get-products.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { lookupSerialOf } from '../scanned-code.ts';

/** How many items tracked by serial number the search offers. */
const ITEMS_OFFERED = 10;

/**
 * A serial no unit has: "Register it as a unit of…", a search of the items tracked by serial number,
 * each leading to its page with Register units open and the serial filled in. Shown for text that can
 * be looked up as a serial, to whoever may register units (on some items at least).
 */
export function RegisterOffer({ serial }: { serial: string }) {
  const t = useTranslate();
  const id = useId();
  const registers = useCan('item.restock');
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const items = useProducts({ limit: 50, q }, productListSchema);
  const tracked = (items.data?.items ?? []).filter((item) => item.serialTracked).slice(0, ITEMS_OFFERED);
  if (!registers || lookupSerialOf(serial) === null) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h6 text-break">
          {t('scan.registerOffer', { serial })}
        </h2>
        <Form.Group className="mb-2" controlId={`${id}-search`}>
          <Form.Label>{t('scan.registerSearch')}</Form.Label>
          <Form.Control
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </Form.Group>
        {items.isSuccess && tracked.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('scan.registerNoItems')}</p>
        ) : (
          <ul className="list-unstyled mb-0 d-grid gap-1">
            {tracked.map((item) => (
              <li key={item._id}>
                <Link to={paths.itemRegister(item._id, serial)} className="text-break">
                  {item.model ? `${item.name} (${item.model})` : item.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

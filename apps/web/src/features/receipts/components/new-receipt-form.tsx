import {
  type CreateReceipt,
  RECEIPT_LINES_MAX,
  RECEIPT_QUANTITY_MAX,
  RECEIPT_TEXT_MAX_LENGTH,
} from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { ImportRefusal } from '@/components/import-refusal.tsx';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { LocationSelect } from '@/entities/locations/components/location-select.tsx';
import { useProducts } from '@/entities/products/api/get-products.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import { useAccess, useMe } from '@/lib/me.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { type ReceiptLinesOutcome, readReceiptLines, useCreateReceipt } from '../api/receipts.ts';

/** A line as typed: the item's code and how many the delivery note says (text until sent). */
interface TypedLine {
  key: number;
  productId: string;
  expected: string;
}

const ITEM_CHOICES = 50;

/**
 * Declares a delivery: the supplier (staff name any supplier by email; a supplier declares their own,
 * their email fixed), where it arrives, the delivery note's reference and its lines (an item, from
 * the items the user may declare, and how many are expected). The server decides; its refusal is
 * said in the user's language, and the new receipt's page opens.
 */
export function NewReceiptForm() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { user } = useSession();
  const me = useMe(Boolean(user));
  const may = useAccess();
  const isSupplier = me.data?.role === 'supplier';
  const create = useCreateReceipt();
  const locations = useLocations();
  const active = (locations.data ?? []).filter(
    (location) => location.active && location.kind !== 'quarantine',
  );
  const [supplier, setSupplier] = useState('');
  const [locationId, setLocationId] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<TypedLine[]>([{ key: 0, productId: '', expected: '1' }]);
  const [search, setSearch] = useState('');
  const [read, setRead] = useState<{ file: string; outcome: ReceiptLinesOutcome } | null>(null);
  const items = useProducts({ limit: ITEM_CHOICES, q: search }, productListSchema);
  const choices = (items.data?.items ?? []).filter((item) => may('receipt.create', item));
  const id = useId();
  const listId = `${id}-items`;
  const location = locationId || active[0]?.id || '';

  const setLine = (key: number, change: Partial<TypedLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const addLine = () =>
    setLines((current) => [
      ...current,
      { key: (current.at(-1)?.key ?? 0) + 1, productId: '', expected: '1' },
    ]);
  const removeLine = (key: number) => setLines((current) => current.filter((line) => line.key !== key));

  /** The file's lines replace the typed ones; a refusal lists every row problem. */
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const outcome = await readReceiptLines(file);
      setRead({ file: file.name, outcome });
      if (outcome.kind === 'read' && outcome.lines.length > 0)
        setLines(
          outcome.lines.map((line, key) => ({
            key,
            productId: line.productId,
            expected: String(line.expected),
          })),
        );
    } catch (error) {
      if (error instanceof Error) announceRefusal('receipts.notDeclared')(error);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent: CreateReceipt['lines'] = lines.map((line) => ({
      productId: line.productId.trim(),
      expected: Number(line.expected),
    }));
    create.mutate(
      {
        supplier: isSupplier ? (user?.email ?? '') : supplier.trim(),
        locationId: location,
        reference: reference.trim(),
        lines: sent,
      },
      {
        onSuccess: (receipt) => {
          toast.success(translate('receipts.declared'));
          navigate(paths.receipt(receipt.id));
        },
        onError: announceRefusal('receipts.notDeclared'),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('receipts.declareHeading')}
      </h2>
      <Form onSubmit={onSubmit} aria-label={t('receipts.declareHeading')}>
        <div className="row g-2">
          <Form.Group className="col-12 col-md-4" controlId={`${id}-supplier`}>
            <Form.Label>{t('receipts.supplier')}</Form.Label>
            {isSupplier ? (
              <Form.Control plaintext readOnly value={user?.email ?? ''} />
            ) : (
              <Form.Control
                type="email"
                required
                maxLength={254}
                value={supplier}
                onChange={(event) => setSupplier(event.target.value)}
                autoComplete="off"
              />
            )}
          </Form.Group>
          <LocationSelect
            className="col-12 col-md-4"
            label={t('receipts.location')}
            locations={active}
            value={location}
            onChange={setLocationId}
          />
          <Form.Group className="col-12 col-md-4" controlId={`${id}-reference`}>
            <Form.Label>{t('receipts.reference')}</Form.Label>
            <Form.Control
              maxLength={RECEIPT_TEXT_MAX_LENGTH}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              autoComplete="off"
            />
          </Form.Group>
        </div>
        <Form.Group className="mt-3" controlId={`${id}-file`}>
          <Form.Label>{t('receipts.importLines')}</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => void readFile((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Text id={`${id}-file-hint`}>{t('receipts.importHint')}</Form.Text>
        </Form.Group>
        {read?.outcome.kind === 'read' && (
          <p role="status" className="mt-2 mb-0">
            {t('receipts.linesRead', { count: read.outcome.lines.length, file: read.file })}
          </p>
        )}
        {read?.outcome.kind === 'refused' && (
          <div className="mt-2">
            <p className="mb-1 fw-semibold">{t('receipts.linesRefused', { file: read.file })}</p>
            <ImportRefusal refused={read.outcome} titleId={`${id}-refused`} heading="h3" />
          </div>
        )}
        <fieldset className="mt-3">
          <legend className="form-label fs-6 fw-semibold">{t('receipts.lines')}</legend>
          <datalist id={listId}>
            {choices.map((item) => (
              <option key={item._id} value={item._id} label={item.name} />
            ))}
          </datalist>
          {lines.map((line, index) => (
            <div key={line.key} className="row g-2 align-items-end mb-2">
              <Form.Group className="col-12 col-sm-7" controlId={`${id}-item-${line.key}`}>
                <Form.Label>{t('receipts.lineItem', { number: index + 1 })}</Form.Label>
                <Form.Control
                  required
                  list={listId}
                  maxLength={100}
                  value={line.productId}
                  onFocus={() => setSearch('')}
                  onChange={(event) => {
                    setLine(line.key, { productId: event.target.value });
                    setSearch(event.target.value);
                  }}
                  autoComplete="off"
                />
              </Form.Group>
              <Form.Group className="col-7 col-sm-3" controlId={`${id}-expected-${line.key}`}>
                <Form.Label>{t('receipts.lineExpected', { number: index + 1 })}</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  required
                  min={0}
                  max={RECEIPT_QUANTITY_MAX}
                  step={1}
                  value={line.expected}
                  onChange={(event) => setLine(line.key, { expected: event.target.value })}
                />
              </Form.Group>
              <div className="col-5 col-sm-2">
                <Button
                  variant="outline-danger"
                  className="w-100"
                  disabled={lines.length === 1}
                  aria-label={t('receipts.removeLine', { number: index + 1 })}
                  onClick={() => removeLine(line.key)}
                >
                  {t('receipts.remove')}
                </Button>
              </div>
            </div>
          ))}
          <Button variant="outline-secondary" onClick={addLine} disabled={lines.length >= RECEIPT_LINES_MAX}>
            {t('receipts.addLine')}
          </Button>
        </fieldset>
        <Button type="submit" className="mt-3" disabled={create.isPending || location === ''}>
          {t('receipts.declare')}
        </Button>
      </Form>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import {
  changeAmount,
  dropChange,
  editable,
  retryChange,
  useOnline,
  useQueuedChanges,
} from '@/entities/offline/queue.ts';
import { errorText } from '@/i18n/error-text.ts';
import { type Formatters, useFormatters } from '@/i18n/format.ts';
import { type Translate, useTranslate } from '@/i18n/i18n.ts';
import type { QueuedChange } from '@/lib/device-store.ts';
import { useSession } from '@/lib/session.ts';

/** What a queued change does, in words, and the page it was made on. */
function describe(change: QueuedChange, t: Translate, format: Formatters): { text: string; to: string } {
  if (change.kind === 'countScan') {
    const text =
      change.scan.serial === undefined
        ? t('offline.countScanLine', { name: change.label, quantity: format.count(changeAmount(change)) })
        : t('offline.countSerialLine', { serial: change.label });
    return { text, to: paths.count(change.countId) };
  }
  if (change.kind === 'transfer') {
    const text = t('offline.transferLine', {
      name: change.productName,
      quantity: format.count(change.quantity),
      from: change.from.name,
      to: change.to.name,
    });
    return { text, to: paths.itemDetail(change.productId) };
  }
  if (change.kind === 'unitDispatch') {
    const text = t('offline.unitDispatchLine', { name: change.productName, serial: change.serial });
    return { text, to: paths.itemDetail(change.productId) };
  }
  const values = { name: change.productName, quantity: format.count(change.amount) };
  const text =
    change.kind === 'deliver' ? t('offline.deliverLine', values) : t('offline.restockLine', values);
  return { text, to: paths.itemDetail(change.productId) };
}

/**
 * A queued change in words: "Deliver 1 of Fan" / "Restock 2 of Fan" / "Count 2 × Fan" / "Move 2 of
 * Fan from A to B" / "Deliver unit SN-1 of Fan".
 */
function ChangeLine({ change, t }: { change: QueuedChange; t: Translate }) {
  const format = useFormatters();
  const { text, to } = describe(change, t, format);
  return (
    <>
      <Link to={to} className="fw-semibold">
        {text}
      </Link>{' '}
      <span className="text-body-secondary small">
        {t('offline.madeAt', { time: format.dateTime(new Date(change.createdAt).toISOString()) })}
      </span>
    </>
  );
}

/**
 * A refused change: why (in the user's language, by the refusal's code), and what to do with it:
 * send it again as it is (Retry), with another quantity (Edit; not a unit's serial scan or dispatch),
 * or drop it (Discard).
 */
function AttentionEntry({ change }: { change: QueuedChange }) {
  const client = useQueryClient();
  const t = useTranslate();
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState(String(changeAmount(change)));
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => {
    setBusy(true);
    action().finally(() => setBusy(false));
  };
  const quantity = Number(amount);
  const valid = Number.isInteger(quantity) && quantity >= 1;
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    act(() => retryChange(client, change, quantity));
  };
  const inputId = `amount-${change.id}`;
  return (
    <li className="list-group-item">
      <ChangeLine change={change} t={t} />
      {change.refusal && (
        <p className="mb-2 text-danger-emphasis" data-testid="refusal">
          {errorText(change.refusal)}
        </p>
      )}
      {editing ? (
        <Form onSubmit={onSave} className="d-flex flex-wrap align-items-end gap-2">
          <div>
            <Form.Label htmlFor={inputId}>{t('offline.quantity')}</Form.Label>
            <Form.Control
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={amount}
              isInvalid={!valid}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy || !valid}>
            {t('offline.save')}
          </Button>
          <Button variant="outline-secondary" onClick={() => setEditing(false)} disabled={busy}>
            {t('offline.cancel')}
          </Button>
        </Form>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => act(() => retryChange(client, change))} disabled={busy}>
            {t('offline.retry')}
          </Button>
          {editable(change) && (
            <Button variant="outline-primary" onClick={() => setEditing(true)} disabled={busy}>
              {t('offline.edit')}
            </Button>
          )}
          <Button variant="outline-danger" onClick={() => act(() => dropChange(change.id))} disabled={busy}>
            {t('offline.discard')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The user's changes made offline: those waiting to be sent, and those refused (Needs attention). */
export default function PendingPage() {
  const { user } = useSession();
  const changes = useQueuedChanges(user?.id);
  const online = useOnline();
  const t = useTranslate();
  const waiting = changes.filter((change) => !change.refusal);
  const attention = changes.filter((change) => change.refusal);
  return (
    <div className="container py-4">
      <h1 className="h2">{t('offline.pageTitle')}</h1>
      <p className="text-body-secondary">{online ? t('offline.pageOnline') : t('offline.pageOffline')}</p>
      <section aria-labelledby="attention-heading" className="mb-4">
        <h2 id="attention-heading" className="h4">
          {t('offline.needsAttention')}
        </h2>
        {attention.length === 0 ? (
          <p>{t('offline.noneAttention')}</p>
        ) : (
          <ul className="list-group">
            {attention.map((change) => (
              <AttentionEntry key={change.id} change={change} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className="h4">
          {t('offline.waiting')}
        </h2>
        {waiting.length === 0 ? (
          <p>{t('offline.noneWaiting')}</p>
        ) : (
          <ul className="list-group">
            {waiting.map((change) => (
              <li key={change.id} className="list-group-item">
                <ChangeLine change={change} t={t} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

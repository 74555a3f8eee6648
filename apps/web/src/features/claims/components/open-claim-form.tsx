import { CLAIM_TEXT_MAX_LENGTH, SERIAL_MAX_LENGTH } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import { toast } from '@/lib/toast.ts';
import { useOpenClaim } from '../api/claims.ts';

/**
 * Opens a claim on a sold unit: what is wrong with it and, unless the unit is known (`serial`, on the
 * unit's own page), its serial. The server decides whether the unit may be claimed; its refusal is
 * said in the user's language.
 */
export function OpenClaimForm({ serial: unitSerial }: { serial?: string | undefined }) {
  const t = useTranslate();
  const open = useOpenClaim();
  const [typedSerial, setTypedSerial] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  const serial = unitSerial ?? typedSerial;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate(
      { serial, claim: { problem } },
      {
        onSuccess: (claim) => {
          toast.success(translate('claims.opened', { serial: claim.serial }));
          setTypedSerial('');
          setProblem('');
        },
        onError: announceRefusal('claims.notOpened'),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('claims.openHeading')}
      </h2>
      <Form onSubmit={onSubmit} aria-label={t('claims.openHeading')}>
        <div className="row g-2">
          {unitSerial === undefined && (
            <Form.Group className="col-12 col-md-4" controlId={`${id}-serial`}>
              <Form.Label>{t('claims.serial')}</Form.Label>
              <Form.Control
                required
                maxLength={SERIAL_MAX_LENGTH}
                value={typedSerial}
                onChange={(event) => setTypedSerial(event.target.value)}
                autoComplete="off"
              />
            </Form.Group>
          )}
          <Form.Group
            className={unitSerial === undefined ? 'col-12 col-md-8' : 'col-12'}
            controlId={`${id}-problem`}
          >
            <Form.Label>{t('claims.problem')}</Form.Label>
            <Form.Control
              required
              maxLength={CLAIM_TEXT_MAX_LENGTH}
              value={problem}
              onChange={(event) => setProblem(event.target.value)}
            />
          </Form.Group>
        </div>
        <Button type="submit" className="mt-3" disabled={open.isPending}>
          {t('claims.open')}
        </Button>
      </Form>
    </section>
  );
}

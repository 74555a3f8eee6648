import type { Claim, Unit } from '@walton/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { RESOLUTION_NAMES, STATUS_NAMES } from './claim-texts.ts';
import { OpenClaimForm } from './open-claim-form.tsx';

/** One claim of the unit: its problem, when it was opened, and how it ended (or that it is open). */
function ClaimLine({ claim }: { claim: Claim }) {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <span className={`badge ${claim.status === 'open' ? 'text-bg-warning' : 'text-bg-secondary'}`}>
          {t(STATUS_NAMES[claim.status])}
        </span>
        <span className="text-break">{claim.problem}</span>
      </div>
      <div className="small text-body-secondary">
        {t('claims.column.opened')}: <time dateTime={claim.openedAt}>{format.dateTime(claim.openedAt)}</time>
        {claim.resolution !== null && (
          <>
            {' · '}
            {claim.replacementSerial === null
              ? t(RESOLUTION_NAMES[claim.resolution])
              : t('claims.replacedBy', { serial: claim.replacementSerial })}
          </>
        )}
      </div>
      {claim.note ? <div className="small text-break">{claim.note}</div> : null}
    </li>
  );
}

/**
 * The warranty claims on a unit's page: its claims, newest first, with a link to the claims page
 * (where an open one is resolved), and, for whoever manages claims, the form that opens one on a
 * dispatched unit with no open claim (the server decides the rest: a warranty that has ended, say).
 */
export function UnitClaims({ unit, claims }: { unit: Unit; claims: readonly Claim[] }) {
  const t = useTranslate();
  const manages = useCan('claim.manage');
  const id = useId();
  const hasOpen = claims.some((claim) => claim.status === 'open');
  const mayOpen = manages && unit.status === 'dispatched' && !hasOpen;
  if (claims.length === 0 && !mayOpen) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('claims.heading')}
      </h2>
      {claims.length > 0 && (
        <>
          <ul className="list-group mb-2" data-testid="unit-claims">
            {claims.map((claim) => (
              <ClaimLine key={claim.id} claim={claim} />
            ))}
          </ul>
          <p>
            <Link to={paths.unitClaims(unit.serial)}>{t('claims.seeOnClaimsPage')}</Link>
          </p>
        </>
      )}
      {mayOpen && <OpenClaimForm serial={unit.serial} />}
    </section>
  );
}

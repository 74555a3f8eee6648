import { UnitClaims } from '../../features/claims/components/unit-claims.tsx';
import { HistoryEntries } from '../../features/history/components/history-line.tsx';
import UnitPage, { type UnitPageParts } from '../../features/units/pages/unit-page.tsx';

const parts: UnitPageParts = {
  history: (entries) => <HistoryEntries entries={entries} />,
  claims: (unit, claims) => <UnitClaims unit={unit} claims={claims} />,
};

/** The units feature's page of one unit, with the history feature's rows in words and the claims feature's claims. */
export default function UnitRoute() {
  return <UnitPage parts={parts} />;
}

import { HistoryEntries } from '../../features/history/components/history-line.tsx';
import UnitPage, { type UnitPageParts } from '../../features/units/pages/unit-page.tsx';

const parts: UnitPageParts = {
  history: (entries) => <HistoryEntries entries={entries} />,
  actions: () => null,
};

/** The units feature's page of one unit, with the history feature's rows in words. */
export default function UnitRoute() {
  return <UnitPage parts={parts} />;
}

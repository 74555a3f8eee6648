import { serialKeyOf, type Unit } from '@walton/contract';

/** The units whose serial or paired serial contains `search` (letter case and surrounding spaces aside). */
export function matchingUnits(units: readonly Unit[], search: string): Unit[] {
  const wanted = serialKeyOf(search);
  if (wanted === '') return [...units];
  return units.filter(
    (unit) =>
      serialKeyOf(unit.serial).includes(wanted) ||
      (unit.pairedSerial !== null && serialKeyOf(unit.pairedSerial).includes(wanted)),
  );
}

/** The unit that `serial` names (either serial of a pair, compared as the server compares serials). */
export function unitOfSerial(units: readonly Unit[], serial: string): Unit | undefined {
  const key = serialKeyOf(serial);
  return units.find(
    (unit) =>
      serialKeyOf(unit.serial) === key ||
      (unit.pairedSerial !== null && serialKeyOf(unit.pairedSerial) === key),
  );
}

/**
 * The versions of each product that this tab's own requests produced (a Delivered, a restock, an
 * edit, a revert). When a change is refused as stale (412), the versions between the one it was sent
 * against and the latest tell whether anyone else changed the item meanwhile, or only this clerk's
 * own earlier request did: only then is the clerk told that "someone else" changed it.
 */
const produced = new Map<string, Set<number>>();

/** A product's versions kept, at most: a tab that stays open all day does not grow without bound. */
const KEPT_PER_PRODUCT = 50;

export function rememberOwnVersion(id: string, version: number): void {
  const versions = produced.get(id) ?? new Set<number>();
  versions.add(version);
  if (versions.size > KEPT_PER_PRODUCT) versions.delete(Math.min(...versions));
  produced.set(id, versions);
}

/** Every version after `seen` up to `latest` came from this tab (so nobody else changed the item). */
export function onlyOwnChangesSince(id: string, seen: number, latest: number): boolean {
  const versions = produced.get(id);
  if (!versions || latest <= seen) return false;
  for (let version = seen + 1; version <= latest; version += 1) {
    if (!versions.has(version)) return false;
  }
  return true;
}

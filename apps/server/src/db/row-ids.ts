import { v7 } from 'uuid';

/**
 * The id of a new row: a UUID whose first 48 bits are the time it was made (RFC 9562, version 7;
 * uuid's v7 also keeps the ids of one millisecond in order). Ids made later sort after earlier ones,
 * so a table keyed by them grows at the end of its primary key: every change's history row, for one,
 * lands on the key's last page instead of a random one among millions (ADR 31).
 */
export const newRowId = (): string => v7();

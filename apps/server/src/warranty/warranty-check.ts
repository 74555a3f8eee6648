import {
  serialKeyOf,
  serialSchema,
  type UnitStatus,
  type WarrantyAnswer,
  type WarrantyStatus,
} from '@walton/contract';
import type { Clock } from '../clock.ts';
import { HttpError } from '../http/http-error.ts';
import { dayKey } from '../stats/days.ts';
import type { WarrantyRepository } from './warranty-repository.ts';

/** The units the warehouse still has to sell: their check says `not_sold`, whatever date they carry. */
const UNSOLD: ReadonlySet<string> = new Set<UnitStatus>(['in_stock', 'reserved']);

/**
 * What the check says of a unit on `today` (`YYYY-MM-DD` in the warehouse's time zone): `not_sold`
 * while it is in stock or reserved, or when it never had a warranty (scrapped before a sale);
 * otherwise `in_warranty` up to and including its warranty's last day, `expired` after it.
 */
export function warrantyStatusOf(
  unit: { status: string; warrantyUntil: string | null },
  today: string,
): WarrantyStatus {
  if (UNSOLD.has(unit.status) || unit.warrantyUntil === null) return 'not_sold';
  return unit.warrantyUntil >= today ? 'in_warranty' : 'expired';
}

/** The one 404 of the check: for a serial no unit has and for one no unit could have alike. */
export const warrantyNotFound = (): HttpError => new HttpError(404, 'WARRANTY_SERIAL_NOT_FOUND');

/** Whether a unit could have this serial (serialSchema: 1 to 64 printable characters, trimmed). */
export const isCheckableSerial = (serial: string): boolean => serialSchema.safeParse(serial).success;

/** The public warranty check: a serial as anyone types it → its item and warranty, nothing personal. */
export class WarrantyCheck {
  readonly #units: WarrantyRepository;
  readonly #now: Clock;
  readonly #timeZone: string;

  constructor(units: WarrantyRepository, options: { now: Clock; timeZone: string }) {
    this.#units = units;
    this.#now = options.now;
    this.#timeZone = options.timeZone;
  }

  async check(serial: string): Promise<WarrantyAnswer> {
    const parsed = serialSchema.safeParse(serial);
    if (!parsed.success) throw warrantyNotFound();
    const unit = await this.#units.findBySerialKey(serialKeyOf(parsed.data));
    if (!unit) throw warrantyNotFound();
    const warrantyUntil = unit.warranty_until;
    const status = warrantyStatusOf(
      { status: unit.status, warrantyUntil },
      dayKey(this.#now(), this.#timeZone),
    );
    return {
      model: unit.model,
      name: unit.name,
      status,
      warrantyUntil: status === 'not_sold' ? null : warrantyUntil,
    };
  }
}

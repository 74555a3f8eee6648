import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  fieldIssueOf,
  fieldIssueText,
  IMPORT_LIMITS,
  IMPORT_MAX_ROWS,
  type ImportDelimiter,
  type Location,
  type NewUnit,
  serialKeyOf,
  serialSchema,
  UNIT_CSV_EXPORT_ONLY_COLUMNS,
  UNIT_CSV_IMPORT_COLUMNS,
  type UnitImportResult,
} from '@walton/contract';
import { parse } from 'csv-parse';
import { HttpError } from '../http/http-error.ts';
import { DEFAULT_LOCATION_ID } from '../locations/default-location.ts';
import {
  type LocationDirectory,
  type LocationRepository,
  nameKeyOf,
} from '../locations/location-repository.ts';
import type { ProductRepository } from '../products/repository.ts';
import { type Actor, decideRegistration, type PublishChange } from '../products/service.ts';
import type { UnitRepository } from '../units/unit-repository.ts';
import { detectDelimiter } from './delimiter.ts';
import { unescapeFormula } from './formula-escape.ts';
import {
  cellsOf,
  chunksOf,
  type ImportProgress,
  isBlank,
  isRecord,
  noteUnreadable,
  PROGRESS_EVERY,
  Problems,
  problemCount,
  ROW_MESSAGES,
  refusal,
  YIELD_EVERY,
} from './product-import.ts';

/** Rows whose serials and items are checked against the database together. */
const BATCH = 500;

/** Every column a units import reads. */
const UNIT_IMPORT_COLUMNS: readonly string[] = [...UNIT_CSV_IMPORT_COLUMNS, ...UNIT_CSV_EXPORT_ONLY_COLUMNS];

export const UNIT_ROW_MESSAGES = {
  unknownColumn: (column: string) =>
    `Unknown column "${column}": the columns are ${UNIT_IMPORT_COLUMNS.join(', ')}`,
  itemRequired: 'Name the unit’s item: its model, or its productId',
  unknownItem: (item: string) => `No item in stock has the id or model "${item}"`,
  modelAmbiguous: (model: string, count: number) =>
    `${count} items have the model "${model}": name the item by its productId`,
  itemNotTracked: (name: string) =>
    `${name} is not tracked by serial number: switch its tracking on before registering its units`,
  serialTaken: (serial: string) => `The serial ${serial} is already registered`,
  repeatedSerial: (serial: string, row: number) => `The serial ${serial} is on row ${row} too`,
  statusNotInStock: (status: string) =>
    `An import registers units received: the status must be in_stock or empty, not "${status}"`,
} as const;

export interface UnitImportRequest {
  file: Buffer;
  dryRun: boolean;
  actor: Actor;
  progress: (progress: ImportProgress) => void;
}

/** What a pass knows of the live items: by id, and the ids of each model (trimmed, case aside). */
export interface KnownItems {
  ids: ReadonlySet<string>;
  byModel: ReadonlyMap<string, readonly string[]>;
}

/** A row whose cells are valid, before its serials and item are checked against the database. */
interface UnitRow {
  row: number;
  productId: string;
  /** The column that named the item. */
  itemField: 'productId' | 'model';
  locationId: string;
  unit: NewUnit;
}

/** The units of one item arriving at one location: one change. */
interface Group {
  productId: string;
  locationId: string;
  units: NewUnit[];
}

const modelKeyOf = (model: string) => model.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const serialsOf = (unit: NewUnit) =>
  unit.pairedSerial === undefined ? [unit.serial] : [unit.serial, unit.pairedSerial];

/**
 * Registers units from a CSV file, all or nothing. The file is streamed once through csv-parse a
 * chunk at a time with the delimiter its header row uses, every row checked (its cells, its location
 * by name, its item by `productId` or `model`, its serials against the earlier rows and, a batch of
 * rows a query, against the units registered), and only when no row has a problem the units are
 * written in one transaction: the units of each item arriving at each location as one change of the
 * item through the one change path's registration (decideRegistration), its quantity rising by their
 * number. A file whose units were registered meanwhile is refused whole (409
 * IMPORT_CHANGED_MEANWHILE). Held in memory: the file, the ids and models of the live items, and the
 * units of the file's rows.
 */
export class UnitImport {
  readonly #products: ProductRepository;
  readonly #units: UnitRepository;
  readonly #locations: LocationRepository;
  readonly #publish: PublishChange;

  constructor(
    repositories: { products: ProductRepository; units: UnitRepository; locations: LocationRepository },
    publish: PublishChange,
  ) {
    this.#products = repositories.products;
    this.#units = repositories.units;
    this.#locations = repositories.locations;
    this.#publish = publish;
  }

  async run(request: UnitImportRequest): Promise<UnitImportResult> {
    if (!isUtf8(request.file)) throw refusal(422, 'IMPORT_NOT_UTF8', []);
    if (request.file.includes(0)) {
      throw refusal(
        422,
        'IMPORT_PROBLEMS',
        [{ row: 1, field: '', code: 'NUL', message: ROW_MESSAGES.nul, params: {} }],
        problemCount(1),
      );
    }
    const delimiter = detectDelimiter(request.file);
    const locations = await this.#locations.directory({ fresh: true });
    const { groups, problems, rows } = await this.#check(request, delimiter, locations);
    if (problems.total > 0) {
      throw refusal(422, 'IMPORT_PROBLEMS', problems.listed, problemCount(problems.total));
    }
    const registered = [...groups.values()].reduce((sum, group) => sum + group.units.length, 0);
    const result = { registered, changes: groups.size, delimiter };
    if (request.dryRun) return { ...result, dryRun: true };
    await this.#write([...groups.values()], request, locations, rows);
    if (registered > 0) await this.#publish({ type: 'imported', id: randomUUID(), version: 1 });
    return { ...result, dryRun: false };
  }

  /** Every row checked; the units of the valid rows grouped by item and location. */
  async #check(request: UnitImportRequest, delimiter: ImportDelimiter, locations: LocationDirectory) {
    const problems = new Problems();
    const items = await liveItems(this.#products);
    const byName = new Map<string, Location>(
      [...locations.values()].map((location) => [nameKeyOf(location.name), location]),
    );
    /** The key of every serial met so far, and the row that had it. */
    const seen = new Map<string, number>();
    const groups = new Map<string, Group>();
    let pending: UnitRow[] = [];
    const flush = async () => {
      await this.#checkBatch(pending, problems, groups);
      pending = [];
    };
    const parser = Readable.from(chunksOf(request.file)).pipe(
      parse({ bom: true, relax_column_count: true, delimiter }),
    );
    const progress = (rows: number) =>
      request.progress({
        phase: 'checking',
        rows,
        fraction: Math.min(1, parser.info.bytes / Math.max(1, request.file.length)),
      });
    progress(0);
    let columns: string[] | undefined;
    let row = 0;
    let rows = 0;
    try {
      for await (const record of parser) {
        row += 1;
        if (!isRecord(record)) throw new Error('csv-parse gave a record that is not a list of strings');
        if (isBlank(record)) continue;
        if (!columns) {
          columns = record.map((cell) => cell.trim());
          if (checkHeader(columns, problems)) continue;
          parser.destroy();
          break;
        }
        rows += 1;
        if (rows > IMPORT_MAX_ROWS)
          throw new HttpError(413, 'IMPORT_TOO_MANY_ROWS', { params: IMPORT_LIMITS });
        const checked = checkRow(record, row, columns, { items, byName, seen, problems });
        if (checked) pending.push(checked);
        if (pending.length >= BATCH) await flush();
        if (rows % PROGRESS_EVERY === 0) progress(rows);
        if (rows % YIELD_EVERY === 0) await nextTurn();
      }
    } catch (error) {
      noteUnreadable(error, row, problems);
    }
    if (!columns && problems.total === 0) problems.add(1, '', 'EMPTY', ROW_MESSAGES.empty);
    await flush();
    progress(rows);
    return { groups, problems, rows };
  }

  /** A batch of rows against the database: their serials unknown so far, their items tracked. */
  async #checkBatch(rows: UnitRow[], problems: Problems, groups: Map<string, Group>): Promise<void> {
    if (rows.length === 0) return;
    const taken = await this.#units.takenKeys(rows.flatMap((row) => serialsOf(row.unit).map(serialKeyOf)));
    const states = new Map(
      (await this.#products.findStates([...new Set(rows.map((row) => row.productId))])).map((state) => [
        state.id,
        state,
      ]),
    );
    for (const row of rows) {
      const before = problems.total;
      for (const [field, serial] of [
        ['serial', row.unit.serial],
        ['pairedSerial', row.unit.pairedSerial],
      ] as const) {
        if (serial !== undefined && taken.has(serialKeyOf(serial)))
          problems.add(row.row, field, 'SERIAL_TAKEN', UNIT_ROW_MESSAGES.serialTaken(serial), { serial });
      }
      const item = states.get(row.productId);
      if (item === undefined || item.deletedAt !== null) {
        problems.add(row.row, row.itemField, 'UNKNOWN_ITEM', UNIT_ROW_MESSAGES.unknownItem(row.productId), {
          item: row.productId,
        });
      } else if (!item.serialTracked) {
        problems.add(
          row.row,
          row.itemField,
          'ITEM_NOT_TRACKED',
          UNIT_ROW_MESSAGES.itemNotTracked(item.name),
          {
            name: item.name,
          },
        );
      }
      if (problems.total > before) continue;
      const key = `${row.productId}\u0000${row.locationId}`;
      const group = groups.get(key) ?? { productId: row.productId, locationId: row.locationId, units: [] };
      group.units.push(row.unit);
      groups.set(key, group);
    }
  }

  /** The groups in one transaction, each one registration of its item's units (see decideRegistration). */
  async #write(
    groups: readonly Group[],
    request: UnitImportRequest,
    locations: LocationDirectory,
    rows: number,
  ): Promise<void> {
    const at = new Date();
    let written = 0;
    request.progress({ phase: 'writing', rows: 0, fraction: 0 });
    await this.#products.bulkTransaction(async (products) => {
      for (const { productId, locationId, units } of groups) {
        try {
          await products.change(
            productId,
            (current, _levels, known) => decideRegistration(current, known, { locationId, units }, locations),
            request.actor,
            at,
            undefined,
            units.flatMap(serialsOf),
          );
        } catch (error) {
          // Only a change made since the check (a serial registered, an item's tracking switched off).
          if (error instanceof HttpError) throw refusal(409, 'IMPORT_CHANGED_MEANWHILE', []);
          throw error;
        }
        written += units.length;
        request.progress({ phase: 'writing', rows: written, fraction: written / Math.max(1, rows) });
      }
    });
  }
}

/** Whether the header names `serial` and the item (`productId` or `model`), each column once, and no other. */
function checkHeader(columns: string[], problems: Problems): boolean {
  const known = new Set(UNIT_IMPORT_COLUMNS);
  const before = problems.total;
  const seen = new Set<string>();
  for (const column of columns) {
    if (!known.has(column)) {
      problems.add(1, column, 'UNKNOWN_COLUMN', UNIT_ROW_MESSAGES.unknownColumn(column), { column });
    } else if (seen.has(column)) {
      problems.add(1, column, 'REPEATED_COLUMN', ROW_MESSAGES.repeatedColumn(column), { column });
    }
    seen.add(column);
  }
  if (!seen.has('serial'))
    problems.add(1, 'serial', 'MISSING_COLUMN', ROW_MESSAGES.missingColumn('serial'), { column: 'serial' });
  if (!seen.has('productId') && !seen.has('model'))
    problems.add(1, 'model', 'MISSING_COLUMN', ROW_MESSAGES.missingColumn('model'), { column: 'model' });
  return problems.total === before;
}

/**
 * A row's cells: its serials as the registration route reads them, new to the file; its status empty
 * or in_stock; its location an active one by name (the default location when empty); its item the
 * live item `productId` names, else the one live item of its `model`.
 */
function checkRow(
  record: string[],
  row: number,
  columns: string[],
  {
    items,
    byName,
    seen,
    problems,
  }: {
    items: KnownItems;
    byName: ReadonlyMap<string, Location>;
    seen: Map<string, number>;
    problems: Problems;
  },
): UnitRow | undefined {
  const raw = cellsOf(record, row, columns, problems);
  if (!raw) return undefined;
  const cell = (column: string) => unescapeFormula(raw.get(column) ?? '').trim();
  const before = problems.total;
  const serialOf = (field: 'serial' | 'pairedSerial'): string | undefined => {
    const value = cell(field);
    if (field === 'pairedSerial' && value === '') return undefined;
    const parsed = serialSchema.safeParse(value);
    if (!parsed.success) {
      for (const invalid of parsed.error.issues) {
        const issue = fieldIssueOf(invalid);
        problems.add(row, field, 'INVALID_VALUE', fieldIssueText(issue), issue.params, issue.code);
      }
      return undefined;
    }
    const key = serialKeyOf(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.add(row, field, 'REPEATED_SERIAL', UNIT_ROW_MESSAGES.repeatedSerial(parsed.data, earlier), {
        serial: parsed.data,
        row: earlier,
      });
    } else {
      seen.set(key, row);
    }
    return parsed.data;
  };
  const serial = serialOf('serial');
  const pairedSerial = serialOf('pairedSerial');
  const status = cell('status');
  if (status !== '' && status !== 'in_stock') {
    problems.add(row, 'status', 'STATUS_NOT_IN_STOCK', UNIT_ROW_MESSAGES.statusNotInStock(status), {
      status,
    });
  }
  const locationName = cell('location');
  const location = locationName === '' ? undefined : byName.get(nameKeyOf(locationName));
  if (locationName !== '' && location === undefined) {
    problems.add(row, 'location', 'UNKNOWN_LOCATION', ROW_MESSAGES.unknownLocation(locationName), {
      location: locationName,
    });
  } else if (location?.active === false) {
    problems.add(row, 'location', 'LOCATION_INACTIVE', ROW_MESSAGES.locationInactive(location.name), {
      location: location.name,
    });
  }
  const item = itemOf(cell('productId').toLowerCase(), cell('model'), row, items, problems);
  if (serial === undefined || item === undefined || problems.total > before) return undefined;
  return {
    row,
    ...item,
    locationId: location?.id ?? DEFAULT_LOCATION_ID,
    unit: pairedSerial === undefined ? { serial } : { serial, pairedSerial },
  };
}

/** The live items' ids and models, read a page at a time (an import's rows name items by either). */
export async function liveItems(products: ProductRepository): Promise<KnownItems> {
  const ids = new Set<string>();
  const byModel = new Map<string, string[]>();
  for await (const page of products.liveNamesAndModels()) {
    for (const item of page) {
      ids.add(item.id);
      if (item.model === null || item.model.trim() === '') continue;
      const key = modelKeyOf(item.model);
      byModel.set(key, [...(byModel.get(key) ?? []), item.id]);
    }
  }
  return { ids, byModel };
}

/**
 * The live item a row names: by `productId` when it is a live item's, else the one live item of
 * `model` (a problem on the row otherwise). The units import and a receipt's lines import read items so.
 */
export function itemOf(
  productId: string,
  model: string,
  row: number,
  items: KnownItems,
  problems: Problems,
): { productId: string; itemField: 'productId' | 'model' } | undefined {
  if (productId !== '' && items.ids.has(productId)) return { productId, itemField: 'productId' };
  if (model === '') {
    if (productId === '') problems.add(row, 'model', 'ITEM_REQUIRED', UNIT_ROW_MESSAGES.itemRequired);
    else
      problems.add(row, 'productId', 'UNKNOWN_ITEM', UNIT_ROW_MESSAGES.unknownItem(productId), {
        item: productId,
      });
    return undefined;
  }
  const ids = items.byModel.get(modelKeyOf(model)) ?? [];
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return { productId: only, itemField: 'model' };
  if (ids.length === 0)
    problems.add(row, 'model', 'UNKNOWN_ITEM', UNIT_ROW_MESSAGES.unknownItem(model), { item: model });
  else
    problems.add(row, 'model', 'MODEL_AMBIGUOUS', UNIT_ROW_MESSAGES.modelAmbiguous(model, ids.length), {
      model,
      count: ids.length,
    });
  return undefined;
}

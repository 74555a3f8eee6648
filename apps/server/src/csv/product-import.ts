import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ApiErrorCode,
  type AttributeValues,
  type Category,
  type CreateProduct,
  createProductSchema,
  EDITABLE_PRODUCT_FIELDS,
  type EditProduct,
  type ErrorParams,
  type FieldIssueCode,
  fieldIssueOf,
  fieldIssueText,
  IMPORT_LIMITS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEM_CODES,
  type ImportDelimiter,
  type ImportDuplicate,
  type ImportDuplicateChoice,
  type ImportProblemCode,
  type ImportProgressLine,
  type ImportResult,
  type ImportRowError,
  type Location,
  PRODUCT_CSV_ATTRIBUTE_PREFIX,
  PRODUCT_CSV_CATEGORY_COLUMN,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
  PRODUCT_CSV_HEADER_ALIASES,
  PRODUCT_CSV_IMPORT_ONLY_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  PRODUCT_FIELDS,
  type ProductField,
} from '@walton/contract';
import { CsvError, parse } from 'csv-parse';
import { type CategoryDirectory, judgeAttributes } from '../categories/attribute-rules.ts';
import type { CategoryRepository } from '../categories/category-repository.ts';
import { HttpError } from '../http/http-error.ts';
import {
  type LocationDirectory,
  type LocationRepository,
  nameKeyOf,
} from '../locations/location-repository.ts';
import type { ProductDetails, ProductState, StockLevels } from '../products/product-change.ts';
import { toProductDetails } from '../products/product-mapper.ts';
import type { NewProduct, ProductRepository } from '../products/repository.ts';
import {
  type Actor,
  asSupplier,
  decideEdit,
  decideImportedQuantity,
  type PublishChange,
} from '../products/service.ts';
import { detectDelimiter } from './delimiter.ts';
import { unescapeFormula } from './formula-escape.ts';

/** Rows checked against the database (and written) together. */
const BATCH = 500;
/** A refusal lists this many problems at most (and says how many there were). */
export const MAX_LISTED_ERRORS = 1000;
/** Progress is reported every this many rows. */
export const PROGRESS_EVERY = 2000;
/** The file is fed to the parser this many bytes at a time, so parsed rows never pile up. */
const CHUNK = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ImportProgress = Omit<Extract<ImportProgressLine, { type: 'progress' }>, 'type'>;
export type ImportPreview = Omit<Extract<ImportProgressLine, { type: 'preview' }>, 'type'>;

export interface ImportRequest {
  file: Buffer;
  dryRun: boolean;
  /** What to do with rows that repeat an earlier row or match a live item (see IMPORT_DUPLICATE_CHOICES). */
  duplicates: ImportDuplicateChoice;
  actor: Actor;
  progress: (progress: ImportProgress) => void;
  /** The file's first rows as read, once (checking pass only). */
  preview?: (preview: ImportPreview) => void;
}

/** The rows after which the checking pass lets the event loop answer other requests. */
export const YIELD_EVERY = 250;

/** Every column an import reads. */
const IMPORT_COLUMNS: readonly string[] = [
  ...PRODUCT_CSV_COLUMNS,
  ...PRODUCT_CSV_IMPORT_ONLY_COLUMNS,
  ...PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
];

export const ROW_MESSAGES = {
  unknownColumn: (column: string) =>
    `Unknown column "${column}": the columns are ${IMPORT_COLUMNS.join(', ')}`,
  missingColumn: (column: string) => `Missing column "${column}"`,
  repeatedColumn: (column: string) => `Column "${column}" appears more than once`,
  cellCount: (cells: number, columns: number) =>
    `This row has ${cells} cell${cells === 1 ? '' : 's'}, the header has ${columns}`,
  badId: 'Must be the _id of an item (as an export writes it), or empty to add the row as a new item',
  repeatedId: 'This _id is on an earlier row too',
  inTrash: 'This item is in the trash: restore it first, or leave _id empty to add the row as a new item',
  unclosedQuote: 'A quoted cell starts here and is never closed: a closing quote (") is missing',
  strayQuote:
    'A quote (") is in the wrong place: a cell with a quote must be quoted whole, its quotes doubled ("")',
  notCsv: 'This row cannot be read as CSV',
  nul: 'The file contains the NUL character, which no cell may hold',
  empty: 'The file is empty: it needs a header row naming the columns, then one row per item',
  unknownLocation: (location: string) => `There is no location named "${location}"`,
  locationInactive: (location: string) => `${location} is inactive: a file may only name active locations`,
} as const;

/** IMPORT_PROBLEMS's params: how many problems, and how many of them the answer lists. */
export const problemCount = (problems: number) => ({
  problems:
    `${problems} problem${problems === 1 ? '' : 's'} found` +
    (problems > MAX_LISTED_ERRORS ? `, the first ${MAX_LISTED_ERRORS} are listed` : ''),
  count: problems,
});

/** A valid row, before it is known whether it adds an item or matches one. */
interface CheckedRow {
  row: number;
  id: string | undefined;
  input: CreateProduct;
  /** The `location` cell's location; undefined without one (the default location). */
  locationId: string | undefined;
  /** The file has the `category` column: the row says the item's category and attributes (none: none). */
  catalogue: boolean;
}

/** A row that changes a live item: its details (as an edit), its quantity (as an import adjustment). */
interface Update {
  id: string;
  details: Partial<ProductDetails>;
  quantity: number;
  locationId: string | undefined;
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** What the rows of a batch do: the items they add and the items they change. */
interface Sorted {
  creates: NewProduct[];
  updates: Update[];
}

/** The problems of one pass over the file: the first MAX_LISTED_ERRORS, and how many in all. */
export class Problems {
  readonly listed: ImportRowError[] = [];
  total = 0;

  add(
    row: number,
    field: string,
    code: ImportProblemCode,
    message: string,
    params: ImportRowError['params'] = {},
    issue?: FieldIssueCode,
  ): void {
    this.total += 1;
    if (this.listed.length < MAX_LISTED_ERRORS)
      this.listed.push({ row, field, message, code, ...(issue === undefined ? {} : { issue }), params });
  }
}

/** The rows that repeat another (see IMPORT_DUPLICATE_CHOICES): the first MAX_LISTED_ERRORS, and how many. */
class Duplicates {
  readonly listed: ImportDuplicate[] = [];
  total = 0;

  add(duplicate: ImportDuplicate): void {
    this.total += 1;
    if (this.listed.length < MAX_LISTED_ERRORS) this.listed.push(duplicate);
  }
}

/**
 * What makes two rows (or a row and an item) the same: the name and the model, trimmed, spaces
 * inside collapsed, in one Unicode form, case aside.
 */
const sameItemKey = (name: string, model: string | null | undefined): string => {
  const plain = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${plain(name)}\u0000${plain(model ?? '')}`;
};

/**
 * What a pass knows of the locations: by id (the rules), and by name key (the `location` cells); and
 * of the categories, by id and by English name key (the `category` cells).
 */
interface KnownLocations {
  byId: LocationDirectory;
  byName: ReadonlyMap<string, Location>;
  categories: CategoryDirectory;
  categoriesByName: ReadonlyMap<string, Category>;
}

const ATTRIBUTE_COLUMN = /^attr\.[a-z][a-z0-9_]{0,39}$/;
const NUMBER_CELL = /^-?\d+(\.\d+)?$/;

/**
 * A row's attribute cells (`attr.<key>`, empty ones left out) as values of the category's types: a
 * number cell of a number attribute as a number, `true`/`false` of a boolean one as true or false;
 * anything else as the text it is, which judgeAttributes then refuses by name.
 */
function attributeCells(cells: ReadonlyMap<string, string>, category: Category | undefined): AttributeValues {
  const values: Record<string, string | number | boolean> = {};
  for (const [column, raw] of cells) {
    if (!column.startsWith(PRODUCT_CSV_ATTRIBUTE_PREFIX)) continue;
    const cell = unescapeFormula(raw).trim();
    if (cell === '') continue;
    const key = column.slice(PRODUCT_CSV_ATTRIBUTE_PREFIX.length);
    const type = category?.attributes.find((attribute) => attribute.key === key)?.type;
    if (type === 'number' && NUMBER_CELL.test(cell)) values[key] = Number(cell);
    else if (type === 'boolean' && /^(true|false)$/i.test(cell)) values[key] = cell.toLowerCase() === 'true';
    else values[key] = cell;
  }
  return values;
}

/** Whether a rule's refusal has a row problem of its own (NOT_ENOUGH_AT_LOCATION, LOCATION_INACTIVE). */
const isProblemCode = (code: string): code is ImportProblemCode =>
  (IMPORT_PROBLEM_CODES as readonly string[]).includes(code);

/** What a pass knows of the rows met so far and of the live items, for the duplicate check. */
interface SeenItems {
  /** The key of every row met so far (sameItemKey), and the first row that had it. */
  rows: Map<string, number>;
  /** The key of every live item, and its id. */
  live: Map<string, string>;
}

/** The words of a csv-parse error: its code named in our words, never the parser's own text. */
function unreadable(error: CsvError): { code: ImportProblemCode; message: string } {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return { code: 'UNCLOSED_QUOTE', message: ROW_MESSAGES.unclosedQuote };
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE')
    return { code: 'STRAY_QUOTE', message: ROW_MESSAGES.strayQuote };
  return { code: 'NOT_CSV', message: ROW_MESSAGES.notCsv };
}

/**
 * A file the parser could not read on: its problem noted on the row after the last record the parser
 * finished (some may not have reached the reading loop yet; `row`, the loop's, where it does not say).
 * Anything but a csv-parse error is thrown on.
 */
export function noteUnreadable(error: unknown, row: number, problems: Problems): void {
  if (!(error instanceof CsvError)) throw error;
  const finished = typeof error.records === 'number' ? error.records : row;
  const { code, message } = unreadable(error);
  problems.add(finished + 1, '', code, message);
}

/** A row's cells by column; a row with more or fewer cells than the header is a problem (undefined). */
export function cellsOf(
  record: string[],
  row: number,
  columns: string[],
  problems: Problems,
): Map<string, string> | undefined {
  if (record.length !== columns.length) {
    problems.add(row, '', 'CELL_COUNT', ROW_MESSAGES.cellCount(record.length, columns.length), {
      cells: record.length,
      columns: columns.length,
    });
    return undefined;
  }
  return new Map(columns.map((column, index) => [column, record[index] ?? '']));
}

export const isRecord = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((cell) => typeof cell === 'string');

export const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * A row as an edit of every editable field: the row is the whole item, so an empty detail cell
 * clears that detail (the supplier is whoever imports, and is not edited).
 */
const asEdit = (input: CreateProduct, catalogue: boolean): EditProduct => {
  const edit = Object.fromEntries(
    EDITABLE_PRODUCT_FIELDS.flatMap((field): Array<[string, unknown]> => {
      const value = input[field.wire];
      if (field.kind === 'optionalText') return [[field.wire, value ?? '']];
      // A file without the threshold column leaves each item's threshold as it is.
      return value === undefined ? [] : [[field.wire, value]];
    }),
  ) as EditProduct;
  // A file without the category column leaves each item's category and attributes as they are.
  return catalogue
    ? { ...edit, category: input.category ?? null, attributes: input.attributes ?? null }
    : edit;
};

export function* chunksOf(file: Buffer): Generator<Buffer> {
  for (let start = 0; start < file.length; start += CHUNK) yield file.subarray(start, start + CHUNK);
}

export const refusal = (
  statusCode: number,
  code: ApiErrorCode,
  errors: ImportRowError[],
  params?: ErrorParams,
) => new HttpError(statusCode, code, { params, extra: { errors } });

/**
 * Imports products from a CSV file, all or nothing. The file is read twice, each time streamed
 * through csv-parse a chunk at a time with the delimiter its header row uses: first to check every
 * row (the add form's schema, the header, the _ids against the database, rows that repeat another
 * row or a live item), then, only when no row has a problem, to write it in one transaction: new
 * items a batch of rows a statement, changes of existing items through the one change operation with
 * the rules of editing (decideEdit) and an `imported` change for a quantity that differs, its units
 * arriving at or leaving the row's `location` (decideImportedQuantity, judged in both passes, so a
 * location holding too few units is a problem of that row). The checking
 * pass gives the event loop a turn every YIELD_EVERY rows, so other requests are answered meanwhile.
 * Held in memory: the file, and the name and model of each row and live item (the duplicate check).
 */
export class ProductImport {
  readonly #products: ProductRepository;
  readonly #locations: LocationRepository;
  readonly #categories: CategoryRepository;
  readonly #publish: PublishChange;

  constructor(
    repositories: {
      products: ProductRepository;
      locations: LocationRepository;
      categories: CategoryRepository;
    },
    publish: PublishChange,
  ) {
    this.#products = repositories.products;
    this.#locations = repositories.locations;
    this.#categories = repositories.categories;
    this.#publish = publish;
  }

  async run(request: ImportRequest): Promise<ImportResult> {
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
    // Read once, before the transaction: both passes and the writes judge the rows with it.
    const byId = await this.#locations.directory({ fresh: true });
    const categories = await this.#categories.list();
    const locations: KnownLocations = {
      byId,
      byName: new Map([...byId.values()].map((location) => [nameKeyOf(location.name), location])),
      categories: new Map(categories.map((category) => [category.id, category])),
      categoriesByName: new Map(categories.map((category) => [nameKeyOf(category.nameEn), category])),
    };
    const checked = await this.#pass(
      { request, delimiter, locations },
      'checking',
      this.#products,
      async () => {},
    );
    if (checked.problems.total > 0) {
      throw refusal(422, 'IMPORT_PROBLEMS', checked.problems.listed, problemCount(checked.problems.total));
    }
    const duplicates = { duplicateCount: checked.duplicates.total, duplicates: checked.duplicates.listed };
    if (request.dryRun) return { ...checked.counts, dryRun: true, delimiter, ...duplicates };
    const written = await this.#products.bulkTransaction(async (products) => {
      const pass = await this.#pass({ request, delimiter, locations }, 'writing', products, (sorted) =>
        this.#write(products, sorted, request.actor, locations),
      );
      // Only a change made between the two passes can make a checked file fail now: roll back.
      if (pass.problems.total > 0) {
        throw refusal(409, 'IMPORT_CHANGED_MEANWHILE', pass.problems.listed);
      }
      return pass;
    });
    if (written.counts.created + written.counts.updated > 0) {
      await this.#publish({ type: 'imported', id: randomUUID(), version: 1 });
    }
    return {
      ...written.counts,
      dryRun: false,
      delimiter,
      duplicateCount: written.duplicates.total,
      duplicates: written.duplicates.listed,
    };
  }

  /**
   * One pass over the file: every row checked, and batch by batch what the rows add and change
   * handed to `write` (as long as no problem was found).
   */
  async #pass(
    {
      request,
      delimiter,
      locations,
    }: { request: ImportRequest; delimiter: ImportDelimiter; locations: KnownLocations },
    phase: ImportProgress['phase'],
    products: ProductRepository,
    write: (sorted: Sorted) => Promise<void>,
  ): Promise<{ counts: Counts; problems: Problems; duplicates: Duplicates }> {
    const problems = new Problems();
    const duplicates = new Duplicates();
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    const seenIds = new Set<string>();
    const seen: SeenItems = { rows: new Map(), live: new Map() };
    for await (const page of products.liveNamesAndModels()) {
      for (const item of page) {
        const key = sameItemKey(item.name, item.model);
        if (!seen.live.has(key)) seen.live.set(key, item.id);
      }
    }
    const at = new Date();
    let pending: CheckedRow[] = [];
    const flush = async () => {
      const sorted = await this.#sort(pending, products, request, at, locations, {
        counts,
        problems,
        duplicates,
        seen,
      });
      pending = [];
      if (problems.total === 0) await write(sorted);
    };

    const parser = Readable.from(chunksOf(request.file)).pipe(
      parse({ bom: true, relax_column_count: true, delimiter }),
    );
    const progress = (rows: number) =>
      request.progress({
        phase,
        rows,
        fraction: Math.min(1, parser.info.bytes / Math.max(1, request.file.length)),
      });
    const preview: string[][] = [];
    const showPreview = () => {
      if (phase === 'checking' && preview.length > 0) request.preview?.({ delimiter, rows: preview });
    };
    progress(0);
    let columns: string[] | undefined;
    let row = 0;
    let rows = 0;
    try {
      for await (const record of parser) {
        row += 1;
        if (!isRecord(record)) throw new Error('csv-parse gave a record that is not a list of strings');
        if (isBlank(record)) continue;
        if (preview.length < IMPORT_PREVIEW_ROWS) {
          preview.push(record);
          if (preview.length === IMPORT_PREVIEW_ROWS) showPreview();
        }
        if (!columns) {
          columns = record.map((cell) => {
            const column = cell.trim();
            return PRODUCT_CSV_HEADER_ALIASES[column] ?? column;
          });
          if (
            this.#checkHeader(
              record.map((cell) => cell.trim()),
              columns,
              problems,
            )
          )
            continue;
          parser.destroy();
          break;
        }
        rows += 1;
        if (rows > IMPORT_MAX_ROWS)
          throw new HttpError(413, 'IMPORT_TOO_MANY_ROWS', { params: IMPORT_LIMITS });
        const checkedRow = this.#checkRow(record, row, columns, request.actor, locations, {
          seenIds,
          problems,
        });
        if (checkedRow) pending.push(checkedRow);
        if (pending.length >= BATCH) await flush();
        if (rows % PROGRESS_EVERY === 0) progress(rows);
        if (rows % YIELD_EVERY === 0) await nextTurn();
      }
    } catch (error) {
      noteUnreadable(error, row, problems);
    }
    if (preview.length < IMPORT_PREVIEW_ROWS) showPreview();
    if (!columns && problems.total === 0) problems.add(1, '', 'EMPTY', ROW_MESSAGES.empty);
    await flush();
    progress(rows);
    return { counts, problems, duplicates };
  }

  /**
   * Whether the header names every required column, each column once, and no other. `written` is the
   * header as in the file, `columns` with each alias (quantity) read as the column it names.
   */
  #checkHeader(written: string[], columns: string[], problems: Problems): boolean {
    const known = new Set(IMPORT_COLUMNS);
    const before = problems.total;
    const seen = new Set<string>();
    for (const [index, column] of columns.entries()) {
      const asWritten = written[index] ?? column;
      if (!known.has(column) && column !== PRODUCT_CSV_CATEGORY_COLUMN && !ATTRIBUTE_COLUMN.test(column)) {
        problems.add(1, asWritten, 'UNKNOWN_COLUMN', ROW_MESSAGES.unknownColumn(asWritten), {
          column: asWritten,
        });
      } else if (seen.has(column)) {
        problems.add(1, asWritten, 'REPEATED_COLUMN', ROW_MESSAGES.repeatedColumn(column), { column });
      }
      seen.add(column);
    }
    for (const column of PRODUCT_CSV_REQUIRED_COLUMNS) {
      if (!seen.has(column))
        problems.add(1, column, 'MISSING_COLUMN', ROW_MESSAGES.missingColumn(column), { column });
    }
    // Attribute columns belong to the category's.
    if (columns.some((column) => ATTRIBUTE_COLUMN.test(column)) && !seen.has(PRODUCT_CSV_CATEGORY_COLUMN)) {
      const column = PRODUCT_CSV_CATEGORY_COLUMN;
      problems.add(1, column, 'MISSING_COLUMN', ROW_MESSAGES.missingColumn(column), { column });
    }
    return problems.total === before;
  }

  /**
   * A row checked by the add form's schema, its supplier being the importing user; its `location`
   * (trimmed, case aside) must name an active location.
   */
  #checkRow(
    record: string[],
    row: number,
    columns: string[],
    actor: Actor,
    locations: KnownLocations,
    { seenIds, problems }: { seenIds: Set<string>; problems: Problems },
  ): CheckedRow | undefined {
    const raw = cellsOf(record, row, columns, problems);
    if (!raw) return undefined;
    // Text cells as exported (see formula-escape.ts); numbers are taken as they are.
    const text = (column: string) => unescapeFormula(raw.get(column) ?? '');
    const optional = (column: string) => text(column).trim() || undefined;
    /** A field's cell as the add form's schema reads it: a column the file lacks is left out. */
    const cell = ({ wire, kind }: ProductField): string | undefined => {
      if (kind === 'text') return text(wire);
      if (kind === 'optionalText' || kind === 'email') return optional(wire);
      if (kind === 'threshold') return raw.get(wire);
      return raw.get(wire) ?? '';
    };
    const candidate = {
      ...Object.fromEntries(PRODUCT_FIELDS.map((field) => [field.wire, cell(field)])),
      // The supplier is whoever imports (their name by default, the file's when the account has none).
      ...asSupplier(actor, optional('suplerName') ?? actor.email),
    };
    const before = problems.total;
    const id = optional('_id');
    if (id !== undefined && !UUID.test(id)) problems.add(row, '_id', 'BAD_ID', ROW_MESSAGES.badId);
    else if (id !== undefined && seenIds.has(id))
      problems.add(row, '_id', 'REPEATED_ID', ROW_MESSAGES.repeatedId);
    if (id !== undefined) seenIds.add(id);
    const locationName = optional('location');
    const location = locationName === undefined ? undefined : locations.byName.get(nameKeyOf(locationName));
    if (locationName !== undefined && location === undefined) {
      problems.add(row, 'location', 'UNKNOWN_LOCATION', ROW_MESSAGES.unknownLocation(locationName), {
        location: locationName,
      });
    } else if (location?.active === false) {
      problems.add(row, 'location', 'LOCATION_INACTIVE', ROW_MESSAGES.locationInactive(location.name), {
        location: location.name,
      });
    }
    const catalogue = raw.has(PRODUCT_CSV_CATEGORY_COLUMN);
    const catalogueValues = catalogue ? this.#catalogueOf(raw, row, locations, problems) : {};
    const parsed = createProductSchema.safeParse({ ...candidate, ...catalogueValues });
    if (!parsed.success) {
      for (const invalid of parsed.error.issues) {
        const issue = fieldIssueOf(invalid);
        problems.add(
          row,
          String(invalid.path[0] ?? ''),
          'INVALID_VALUE',
          fieldIssueText(issue),
          issue.params,
          issue.code,
        );
      }
    }
    if (!parsed.success || problems.total > before) return undefined;
    return { row, id: id?.toLowerCase(), input: parsed.data, locationId: location?.id, catalogue };
  }

  /**
   * A row's `category` cell (the category's id or English name, case aside; empty: none) and its
   * attribute cells, judged against the category's template as the API judges them (judgeAttributes):
   * each refusal is a problem of the row, under its code.
   */
  #catalogueOf(
    raw: ReadonlyMap<string, string>,
    row: number,
    { categories, categoriesByName }: KnownLocations,
    problems: Problems,
  ): { category?: string; attributes?: AttributeValues } {
    const named = unescapeFormula(raw.get(PRODUCT_CSV_CATEGORY_COLUMN) ?? '').trim();
    const category =
      named === '' ? undefined : (categories.get(named) ?? categoriesByName.get(nameKeyOf(named)));
    if (named !== '' && !category) {
      const error = new HttpError(400, 'UNKNOWN_CATEGORY', { params: { id: named } });
      problems.add(row, PRODUCT_CSV_CATEGORY_COLUMN, 'UNKNOWN_CATEGORY', error.message, { id: named });
      return {};
    }
    const attributes = attributeCells(raw, category);
    try {
      judgeAttributes(category, attributes);
    } catch (error) {
      if (!(error instanceof HttpError && isProblemCode(error.code))) throw error;
      const key = error.params?.key;
      const field =
        typeof key === 'string' ? `${PRODUCT_CSV_ATTRIBUTE_PREFIX}${key}` : PRODUCT_CSV_CATEGORY_COLUMN;
      problems.add(row, field, error.code, error.message, error.params);
      return {};
    }
    return {
      ...(category ? { category: category.id } : {}),
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    };
  }

  /**
   * Sorts checked rows against what is stored: a row whose _id is a live item changes it where its
   * details (by the rules of editing) or its quantity differ, and is unchanged otherwise; an item in
   * the trash is a problem. Any other row adds an item (keeping its _id, so an export brought into a
   * new instance keeps its ids), unless it repeats an earlier row or a live item (sameItemKey): then
   * it is named, and skipped, made an update of that item, or added, as the request chose.
   */
  async #sort(
    rows: CheckedRow[],
    products: ProductRepository,
    request: ImportRequest,
    at: Date,
    locations: KnownLocations,
    {
      counts,
      problems,
      duplicates,
      seen,
    }: { counts: Counts; problems: Problems; duplicates: Duplicates; seen: SeenItems },
  ): Promise<Sorted> {
    const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
    const matched =
      request.duplicates === 'update'
        ? rows.flatMap((row) => {
            const id = seen.live.get(sameItemKey(row.input.name, row.input.model));
            return id === undefined ? [] : [id];
          })
        : [];
    const stored = new Map(
      (await products.findStates([...ids, ...matched])).map((state) => [state.id, state]),
    );
    const levels = await products.findLevels([...stored.keys()]);
    const sorted: Sorted = { creates: [], updates: [] };
    const change = (current: ProductState, { row, input, locationId, catalogue }: CheckedRow) => {
      let update: Update | undefined;
      try {
        update = this.#update(
          current,
          levels.get(current.id) ?? {},
          { input, locationId, catalogue },
          locations,
        );
      } catch (error) {
        if (!(error instanceof HttpError && isProblemCode(error.code))) throw error;
        problems.add(row, 'quentity', error.code, error.message, error.params);
        return;
      }
      if (update) {
        counts.updated += 1;
        sorted.updates.push(update);
      } else {
        counts.unchanged += 1;
      }
    };
    for (const row of rows) {
      const key = sameItemKey(row.input.name, row.input.model);
      const earlierRow = seen.rows.get(key);
      if (earlierRow === undefined) seen.rows.set(key, row.row);
      const current = row.id === undefined ? undefined : stored.get(row.id);
      if (current && current.deletedAt !== null) {
        problems.add(row.row, '_id', 'IN_TRASH', ROW_MESSAGES.inTrash);
        continue;
      }
      if (current) {
        change(current, row);
        continue;
      }
      const itemId = earlierRow === undefined ? seen.live.get(key) : undefined;
      if (earlierRow !== undefined || itemId !== undefined) {
        duplicates.add({
          row: row.row,
          name: row.input.name,
          model: row.input.model ?? '',
          earlierRow: earlierRow ?? null,
          itemId: itemId ?? null,
        });
        const matchedItem = itemId === undefined ? undefined : stored.get(itemId);
        if (request.duplicates === 'update' && matchedItem && matchedItem.deletedAt === null) {
          change(matchedItem, row);
          continue;
        }
        if (request.duplicates !== 'add') {
          counts.skipped += 1;
          continue;
        }
      }
      counts.created += 1;
      sorted.creates.push({
        id: row.id,
        input: row.input,
        locationId: row.locationId,
        createdBy: request.actor.id,
        actor: request.actor,
        at,
      });
    }
    return sorted;
  }
  /**
   * What a row changes of a live item, judged by the same rules as the writes (a quantity that
   * cannot arrive at or leave its location throws their refusal); undefined for nothing.
   */
  #update(
    current: ProductState,
    levels: StockLevels,
    { input, locationId, catalogue }: Pick<CheckedRow, 'input' | 'locationId' | 'catalogue'>,
    { byId, categories }: KnownLocations,
  ): Update | undefined {
    const details = toProductDetails(asEdit(input, catalogue));
    const edit = decideEdit(current, details, current.version, categories);
    const quantity = input.quentity;
    const adjusts = decideImportedQuantity(current, levels, { quantity, locationId }, byId);
    return edit || adjusts ? { id: current.id, details, quantity, locationId } : undefined;
  }

  /** Writes a batch in the import's transaction: new items together, each change of an item apart. */
  async #write(
    products: ProductRepository,
    { creates, updates }: Sorted,
    actor: Actor,
    { byId, categories }: KnownLocations,
  ): Promise<void> {
    if (creates.length > 0) await products.insertMany(creates);
    const at = new Date();
    for (const { id, details, quantity, locationId } of updates) {
      await products.change(
        id,
        (current) => decideEdit(current, details, current?.version ?? 0, categories),
        actor,
        at,
      );
      await products.change(
        id,
        (current, levels) => decideImportedQuantity(current, levels, { quantity, locationId }, byId),
        actor,
        at,
      );
    }
  }
}

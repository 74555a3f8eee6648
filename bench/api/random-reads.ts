/**
 * The mixed traffic drawn at random: items from the whole table, list pages anywhere in it, and
 * searches by the words clerks type (a model number whole or cut short, a series, a brand, a size,
 * a word begun), all cut from the seeded catalogue's own names. Drawn by a seeded generator, so two
 * runs read the same sequence; long enough that its distinct answers far outnumber what the read
 * cache keeps (1,000 by default), so the cache cannot keep the whole of it warm.
 */
import { below, pick, type Random, seededRandom } from '../lib/random.ts';

/** What the walk through the table keeps of each item. */
export interface TableItem {
  id: string;
  name: string;
}

/** The whole table as the app pages it, and the cursors of its pages of 500 (for deep pages). */
export interface Table {
  items: TableItem[];
  cursors: string[];
}

/** The same draw on every run and machine. */
const SEED = 20_261_127;
/** Rounds of nine reads (four items, three list pages, two searches) before the sequence repeats. */
const ROUNDS = 2_000;
/** As deep as an offset goes without signing in (ADR 34); deeper pages go by cursor. */
const DEEPEST_OFFSET = 1_000;

const path = (query: Record<string, string>) =>
  `/api/product?${Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')}`;

function listPage(random: Random, table: Table): string {
  switch (below(random, 4)) {
    case 0:
      return path({ limit: '6' });
    case 1:
      return path({ limit: '50', offset: String(50 * below(random, DEEPEST_OFFSET / 50 + 1)) });
    case 2:
      return path({ limit: '20', offset: String(20 * below(random, DEEPEST_OFFSET / 20 + 1)) });
    default:
      return table.cursors.length === 0
        ? path({ limit: '50' })
        : path({ limit: '50', after: pick(random, table.cursors) });
  }
}

/**
 * A search as a clerk types it, cut from an item's name (like "Walton WSI-LOAD-004217 1.5 Ton
 * Inverter AC"): the model whole or its number cut short, the series, the brand, the size, the kind,
 * a word begun, or two words together.
 */
function searchWords(random: Random, name: string): string {
  const words = name.split(' ').filter((word) => word.length > 0);
  const model = words.find((word) => word.includes('-LOAD-')) ?? words[0] ?? name;
  const number = model.slice(model.indexOf('LOAD-'));
  const digits = number.slice('LOAD-'.length);
  const tonIndex = words.findIndex((word) => word.toLowerCase() === 'ton');
  const size = tonIndex > 0 ? `${words[tonIndex - 1]} ton` : 'ton';
  const longWords = words.filter((word) => word.length >= 4);
  switch (below(random, 8)) {
    case 0:
      return model;
    case 1:
      return number.slice(0, 8 + below(random, number.length - 7));
    case 2:
      return digits.slice(below(random, 3));
    case 3:
      return pick(random, [words[0] ?? name, model.slice(0, model.indexOf('-'))]);
    case 4:
      return size;
    case 5:
      return (words[tonIndex + 1] ?? name).toLowerCase();
    case 6: {
      const word = pick(random, longWords.length > 0 ? longWords : words);
      return word.slice(0, 3 + below(random, Math.max(1, word.length - 3))).toLowerCase();
    }
    default:
      return words.slice(tonIndex - 1, tonIndex + 2).join(' ');
  }
}

/** Nine reads per delivery, drawn from `table` by a seeded generator, for the mixed kind of load. */
export function randomMixedReads(table: Table): string[] {
  const random = seededRandom(SEED);
  const anyItem = () => pick(random, table.items);
  const item = () => `/api/product/${encodeURIComponent(anyItem().id)}`;
  const search = () => path({ limit: '50', q: searchWords(random, anyItem().name) });
  const list = () => listPage(random, table);
  const reads: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    reads.push(item(), list(), item(), search(), item(), list(), item(), search(), list());
  }
  return reads;
}

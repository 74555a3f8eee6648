import type { CreateProduct } from '@walton/contract';
import type { CategoryRepository } from '../categories/category-repository.ts';
import { AIR_CONDITIONER, AIR_CONDITIONER_ID, DEMO_CATALOG } from './demo-catalog.ts';
import type { ProductRepository } from './repository.ts';

/** Who the history says added the demo and load-test items. */
export const SEED_ACTOR = { email: 'seed', name: '' } as const;

/** Seeds the demo catalog into a database that has never held a product. */
export async function seedDemoCatalogIfEmpty(
  products: ProductRepository,
  categories: CategoryRepository,
): Promise<number> {
  if ((await products.countAll()) > 0) return 0;
  const start = Date.now();
  // Its items name it; kept when it is there already (a catalogue emptied and seeded again).
  await categories.create(AIR_CONDITIONER, new Date(start), AIR_CONDITIONER_ID);
  // One millisecond apart, so creation order is the catalog's order.
  await products.insertMany(
    DEMO_CATALOG.map((input, index) => ({
      input,
      createdBy: null,
      actor: SEED_ACTOR,
      at: new Date(start + index),
    })),
  );
  return DEMO_CATALOG.length;
}

const IMAGES = [
  'split-inverter-white',
  'split-inverter-silver',
  'split-inverter-black',
  'split-standard-white',
];
const TONNAGES = ['1', '1.5', '2', '2.5'];

/** A generated, realistic-looking product for load tests (`npm run seed -- --count N`). */
export function generatedProduct(n: number): CreateProduct {
  const ton = TONNAGES[n % TONNAGES.length] ?? '1';
  const inverter = n % 3 !== 0;
  return {
    name: `Walton ${inverter ? 'WSI' : 'WSN'}-LOAD-${String(n).padStart(6, '0')} ${ton} Ton ${inverter ? 'Inverter' : 'Non-Inverter'} AC`,
    img: `/images/products/${IMAGES[n % IMAGES.length]}.svg`,
    price: 40_000 + ((n * 137) % 80_000) + (n % 100) / 100,
    quentity: n % 60,
    description: `Generated load-test item number ${n}.`,
    suplerName: 'Load Test Supplier',
    email: `supplier${n % 50}@load.test`,
  };
}

/** One generated change of a seeded item's ledger. */
export interface GeneratedMove {
  reason: 'created' | 'delivered' | 'restocked';
  delta: number;
  quantityAfter: number;
  at: Date;
}

const DAY_MS = 86_400_000;
/** How far back a seeded history starts. */
const HISTORY_DAYS = 365;

/**
 * A generated item's ledger for load tests (`npm run seed -- --movements N`): created a year before
 * `now`, then `moves` changes spread evenly up to `now`, mostly single-unit deliveries and, when
 * stock runs low or every fifth change, a restock. Deterministic for a given `n`.
 */
export function generatedHistory(n: number, moves: number, now: Date): GeneratedMove[] {
  const start = now.getTime() - HISTORY_DAYS * DAY_MS + (n % 1000) * 60_000;
  const step = (now.getTime() - start) / (moves + 1);
  let quantity = generatedProduct(n).quentity;
  const history: GeneratedMove[] = [
    { reason: 'created', delta: quantity, quantityAfter: quantity, at: new Date(start) },
  ];
  for (let move = 1; move <= moves; move += 1) {
    const at = new Date(Math.floor(start + move * step));
    if (quantity === 0 || (n + move) % 5 === 0) {
      const added = 5 + ((n * 7 + move) % 16);
      quantity += added;
      history.push({ reason: 'restocked', delta: added, quantityAfter: quantity, at });
    } else {
      quantity -= 1;
      history.push({ reason: 'delivered', delta: -1, quantityAfter: quantity, at });
    }
  }
  return history;
}

/** Units each tracked item of `npm run seed -- --units N` holds (the last one the remainder). */
export const UNITS_PER_SEEDED_ITEM = 100;

/**
 * The `n`th generated unit for load tests: a serial, and every other unit (a split AC) a paired
 * serial for its outdoor box.
 */
export function generatedUnit(n: number): { serial: string; pairedSerial?: string } {
  const number = String(n).padStart(8, '0');
  return n % 2 === 0
    ? { serial: `WSN-IN-${number}`, pairedSerial: `WSN-OUT-${number}` }
    : { serial: `WSN-${number}` };
}

/** A generated item tracked by serial for load tests: its stock is its units. */
export function generatedTrackedProduct(n: number): CreateProduct {
  return {
    ...generatedProduct(n),
    name: `Walton WSU-LOAD-${String(n).padStart(6, '0')} Split AC`,
    quentity: 0,
    serialTracked: true,
  };
}

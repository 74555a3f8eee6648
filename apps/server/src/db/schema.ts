import type { ColumnType, Generated, Selectable } from 'kysely';

/** Timestamps: `timestamptz` on PostgreSQL (read back as Date), ISO-8601 text on SQLite. */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface ProductsTable {
  id: string;
  name: string;
  image_url: string;
  /** Price in paisa (hundredths of a taka), so amounts stay exact. */
  price_paisa: ColumnType<number | string | bigint, number, number>;
  quantity: number;
  description: string;
  supplier_name: string;
  supplier_email: string;
  model: string | null;
  ram: string | null;
  hdd: string | null;
  display: string | null;
  processor: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  deleted_at: ColumnType<Date | string | null, string | null, string | null>;
}

export interface StockMovementsTable {
  id: string;
  product_id: string;
  delta: number;
  quantity_after: number;
  reason: string;
  actor: string;
  at: Timestamp;
}

export interface Database {
  products: ProductsTable;
  stock_movements: StockMovementsTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;

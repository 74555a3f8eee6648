/**
 * What a migration is told besides its connection. Kept in this folder so that a migration imports
 * nothing from live code (test/db/storage-boundaries.test.ts): its meaning is fixed when it lands.
 */
export interface MigrationContext {
  /** The SQL family of the database: PGlite counts as PostgreSQL. */
  engine: 'sqlite' | 'postgres';
  /** The warehouse's time zone (TIME_ZONE): the roll-ups' days are counted in it. */
  timeZone: string;
}

import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * The database as it is, but every statement sent through executeQuery (as QueryShapes sends them)
 * is recorded in `ran`, with its values bound, for its plan to be asked for.
 */
export function recordingQueries(db: Kysely<Database>): { db: Kysely<Database>; ran: CompiledQuery[] } {
  const ran: CompiledQuery[] = [];
  const recording = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          ran.push(query);
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) satisfies Kysely<Database>;
  return { db: recording, ran };
}

import type { CompiledQuery } from 'kysely';

/**
 * Statements that run one after another as one request (a change's update, its history row and its
 * participants' rows): outside a transaction they are one change, kept or undone together. The
 * SQLite driver (sqlite/dialect.ts) sends them to its writer's thread in one message instead of a
 * message each (ADR 29); a repository builds them with inSequence() and needs to know nothing of the
 * driver. Answers the first statement's result.
 */
export interface StatementSequence extends CompiledQuery {
  readonly sequence: readonly CompiledQuery[];
}

/** `queries` as a sequence (see StatementSequence); Kysely hands it to the driver as it is. */
export function inSequence([first, ...others]: readonly CompiledQuery[]): StatementSequence {
  if (!first) throw new Error('a sequence of no statement');
  return { ...first, sequence: [first, ...others] };
}

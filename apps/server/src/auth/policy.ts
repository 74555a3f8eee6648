/**
 * The one access policy: `can(actor, action, subject)`. Every /api route declares the action it
 * performs (`config: { action }`, auth/guards.ts); the guard asks here; the OpenAPI document lists
 * each operation's action and the roles this policy lets perform it; GET /api/me lists the actions
 * of the signed-in user. The table itself is the contract's `POLICY_TABLE`.
 */
import { ACTIONS, type Action, POLICY_TABLE, ROLES, type Role } from '@walton/contract';

/** Who acts: a signed-in account with its role (null: an anonymous visitor). */
export interface PolicyActor {
  email: string;
  emailVerified: boolean;
  role: Role;
}

/** What an item-scoped action is performed on: the item's supplier email. */
export interface PolicySubject {
  supplierEmail: string;
}

const byRole = (list: 'any' | 'own'): Record<Role, ReadonlySet<Action>> => ({
  admin: new Set(POLICY_TABLE.roles.admin[list]),
  staff: new Set(POLICY_TABLE.roles.staff[list]),
  supplier: new Set(POLICY_TABLE.roles.supplier[list]),
  viewer: new Set(POLICY_TABLE.roles.viewer[list]),
});
const ANY = byRole('any');
const OWN = byRole('own');
const ANONYMOUS: ReadonlySet<Action> = new Set(POLICY_TABLE.anonymous);

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether `actor` may perform `action` (on `subject`, for an item-scoped action). An action a role
 * may perform only on its own items needs the subject: without one (no such item) it is allowed, so
 * that the route answers its own 404.
 */
export function can(actor: PolicyActor | null, action: Action, subject?: PolicySubject | null): boolean {
  if (actor === null) return ANONYMOUS.has(action);
  if (ANY[actor.role].has(action)) return true;
  if (!OWN[actor.role].has(action)) return false;
  if (!subject) return true;
  return actor.emailVerified && sameEmail(subject.supplierEmail, actor.email);
}

/** Whether the answer of `can` for this role and action depends on the subject (its supplier). */
export function needsSubject(role: Role, action: Action): boolean {
  return !ANY[role].has(action) && OWN[role].has(action);
}

/** Whether a role may perform an action on some subject at least (for the document and GET /api/me). */
export function roleMay(role: Role, action: Action): boolean {
  return ANY[role].has(action) || OWN[role].has(action);
}

/** The roles that may perform `action` (on some items at least), `anonymous` first when anyone may. */
export function rolesFor(action: Action): Array<Role | 'anonymous'> {
  return [
    ...(ANONYMOUS.has(action) ? (['anonymous'] as const) : []),
    ...ROLES.filter((role) => roleMay(role, action)),
  ];
}

/** The actions a signed-in role may perform (some only on its own items). */
export function actionsOf(role: Role): Action[] {
  return ACTIONS.filter((action) => roleMay(role, action));
}

/** Whether an anonymous visitor may perform `action` (a public route's action must be one). */
export const anonymousMay = (action: Action): boolean => ANONYMOUS.has(action);

/**
 * Whether a reader sees an item's supplier email: signed-in readers do, except that a supplier sees
 * only their own (suppliers do not read each other's addresses).
 */
export function seesSupplierEmail(reader: PolicyActor | null, supplierEmail: string): boolean {
  if (reader === null) return false;
  if (reader.role !== 'supplier') return true;
  return reader.emailVerified && sameEmail(reader.email, supplierEmail);
}

/** Whether what a reader sees of items depends on who they are beyond signed in or not (a supplier). */
export const readsAsItself = (reader: PolicyActor | null): boolean => reader?.role === 'supplier';

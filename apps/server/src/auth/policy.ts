/**
 * The one access policy as the server asks it. The decision itself, `can(actor, action, subject)`,
 * with its table (`POLICY_TABLE`) and the rule of a supplier's own items, is the contract's
 * (packages/contract/src/policy.ts), which the web app asks too. Every /api route declares the action
 * it performs (`config: { action }`, auth/guards.ts); the guard asks here; the OpenAPI document lists
 * each operation's action and the roles this policy lets perform it; GET /api/me lists the actions
 * of the signed-in user.
 */
import {
  ACTIONS,
  type Action,
  anonymousMay,
  can,
  needsSubject,
  ownsItem,
  type PolicyActor,
  type PolicySubject,
  ROLES,
  type Role,
  roleMay,
} from '@walton/contract';

export { anonymousMay, can, needsSubject, type PolicyActor, type PolicySubject, roleMay };

/** The roles that may perform `action` (on some items at least), `anonymous` first when anyone may. */
export function rolesFor(action: Action): Array<Role | 'anonymous'> {
  return [
    ...(anonymousMay(action) ? (['anonymous'] as const) : []),
    ...ROLES.filter((role) => roleMay(role, action)),
  ];
}

/** The actions a signed-in role may perform (some only on its own items). */
export function actionsOf(role: Role): Action[] {
  return ACTIONS.filter((action) => roleMay(role, action));
}

/**
 * Whether a reader sees an item's supplier email: signed-in readers do, except that a supplier sees
 * only their own (suppliers do not read each other's addresses).
 */
export function seesSupplierEmail(reader: PolicyActor | null, supplierEmail: string): boolean {
  if (reader === null) return false;
  if (reader.role !== 'supplier') return true;
  return ownsItem(reader, supplierEmail);
}

/**
 * Whether a reader sees a unit's customer (a name and a phone: personal data): admins and staff do,
 * and viewers, who read what staff read; a supplier does not.
 */
export const seesCustomers = (reader: PolicyActor | null): boolean =>
  reader !== null && reader.role !== 'supplier';

/** Whether what a reader sees of items depends on who they are beyond signed in or not (a supplier). */
export const readsAsItself = (reader: PolicyActor | null): boolean => reader?.role === 'supplier';

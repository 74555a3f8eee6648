/**
 * Who may do what: the roles, the closed list of actions, the table of what each role may, and the one
 * decision `can(actor, action, subject)` that both the server's guard (apps/server/src/auth/policy.ts)
 * and the web app's `useCan` ask. Plain data and functions, no zod: the landing page (whose navbar
 * asks it) carries no zod (ADR 19).
 */

/**
 * The roles an account can have (stored per account). The first account ever created and any address
 * in ADMIN_EMAILS is `admin`; a new account gets DEFAULT_ROLE (`staff` unless configured otherwise).
 */
export const ROLES = ['admin', 'staff', 'supplier', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Everything a route can do, as the policy names it: a closed list. Each /api route declares one
 * (`config: { action }`); the guard asks the policy whether the signed-in user (or an anonymous
 * visitor, on public routes) may perform it.
 */
export const ACTIONS = [
  // Reads of the inventory (the list, an item, a supplier's items, the trash).
  'inventory.read',
  'item.create',
  'item.edit',
  'item.deliver',
  'item.restock',
  'item.delete',
  'item.restore',
  // Moves stock between two locations (the total stays).
  'item.transfer',
  'history.read',
  'history.revert',
  'threshold.set',
  'import.run',
  'export.run',
  'labels.print',
  'dashboard.read',
  'alerts.read',
  'events.read',
  'users.manage',
  // Adds, renames, deactivates and deletes locations (reading them is inventory.read).
  'locations.manage',
  // Adds, changes and deletes categories and their attribute templates (reading them is inventory.read).
  'categories.manage',
  // Opens and resolves warranty claims (reading them is inventory.read).
  'claim.manage',
  // Declares a supplier's delivery (a receipt) and cancels one; a supplier: of their own items.
  'receipt.create',
  // Checks a receipt in: scans what arrived and completes it (reading receipts is inventory.read).
  'receipt.receive',
  // Takes a customer's dispatch order, confirms it (reserving its stock) and cancels it (reading
  // orders is inventory.read).
  'dispatch.create',
  // Picks an order's units by scanning them.
  'dispatch.pick',
  // Ships a picked order: every line's units leave in one change.
  'dispatch.ship',
  // Starts a stock count of a location and abandons one (reading counts is inventory.read).
  'count.create',
  // Counts: scans what is found at the counted location.
  'count.scan',
  // Applies a count: every difference written as one correction, in one transaction.
  'count.apply',
  // The signed-in user's own account: who they are, their access token, their preferences.
  'account.read',
  'account.token',
  'settings.own',
  // What anyone may call: health, sign-in methods, the API's own documentation, the warranty check.
  'site.public',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * What each role may do; `own` lists the actions a role may perform only on the items it supplies
 * (an item whose supplier email is the account's verified address). Anonymous visitors may do what
 * `anonymous` lists, on public routes only.
 */
export const POLICY_TABLE: {
  readonly anonymous: readonly Action[];
  readonly roles: Record<Role, { readonly any: readonly Action[]; readonly own: readonly Action[] }>;
} = {
  anonymous: ['site.public', 'inventory.read'],
  roles: {
    admin: { any: ACTIONS, own: [] },
    staff: { any: ACTIONS.filter((action) => action !== 'users.manage'), own: [] },
    supplier: {
      any: [
        'site.public',
        'inventory.read',
        'item.create',
        'events.read',
        'account.read',
        'account.token',
        'settings.own',
      ],
      own: [
        'item.edit',
        'item.restock',
        'item.delete',
        'item.restore',
        'threshold.set',
        'history.read',
        'receipt.create',
      ],
    },
    viewer: {
      any: [
        'site.public',
        'inventory.read',
        'history.read',
        'export.run',
        'labels.print',
        'dashboard.read',
        'alerts.read',
        'events.read',
        'account.read',
        'account.token',
        'settings.own',
      ],
      own: [],
    },
  },
};

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

/**
 * Whether an item is the actor's own: its supplier email is the actor's verified address (letter
 * case aside). The one rule of "own items", for the policy and for what a supplier may read.
 */
export const ownsItem = (actor: PolicyActor, supplierEmail: string): boolean =>
  actor.emailVerified && supplierEmail.toLowerCase() === actor.email.toLowerCase();

/**
 * Whether `actor` may perform `action` (on `subject`, for an item-scoped action). An action a role
 * may perform only on its own items needs the subject: without one (no such item, or a question
 * about the action in general) it is allowed, so that a route answers its own 404.
 */
export function can(actor: PolicyActor | null, action: Action, subject?: PolicySubject | null): boolean {
  if (actor === null) return ANONYMOUS.has(action);
  if (ANY[actor.role].has(action)) return true;
  if (!OWN[actor.role].has(action)) return false;
  if (!subject) return true;
  return ownsItem(actor, subject.supplierEmail);
}

/** Whether the answer of `can` for this role and action depends on the subject (its supplier). */
export function needsSubject(role: Role, action: Action): boolean {
  return !ANY[role].has(action) && OWN[role].has(action);
}

/** Whether a role may perform an action on some subject at least (for the document and GET /api/me). */
export function roleMay(role: Role, action: Action): boolean {
  return ANY[role].has(action) || OWN[role].has(action);
}

/** Whether an anonymous visitor may perform `action` (a public route's action must be one). */
export const anonymousMay = (action: Action): boolean => ANONYMOUS.has(action);

import { z } from 'zod/mini';
import { checked } from './checked.ts';
import { fieldIssue } from './field-issues.ts';

/**
 * The roles an account can have (stored per account). The first account ever created and any address
 * in ADMIN_EMAILS is `admin`; a new account gets DEFAULT_ROLE (`staff` unless configured otherwise).
 */
export const ROLES = ['admin', 'staff', 'supplier', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
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
  // The signed-in user's own account: who they are, their access token, their preferences.
  'account.read',
  'account.token',
  'settings.own',
  // What anyone may call: health, sign-in methods, the API's own documentation.
  'site.public',
] as const;
export const actionSchema = z.enum(ACTIONS);
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
      own: ['item.edit', 'item.restock', 'item.delete', 'item.restore', 'threshold.set', 'history.read'],
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

/** GET /api/me: who the signed-in user is and what they may do. */
export const meSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  actions: z.array(actionSchema),
});
export type Me = z.infer<typeof meSchema>;

/** One account as GET /api/users lists it (admin only). */
export const userAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.nullable(z.string()),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

/** PATCH /api/users/:id: a new role, disabled or enabled; at least one. */
export const userUpdateSchema = checked(
  z.strictObject({ role: z.optional(roleSchema), disabled: z.optional(z.boolean()) }),
  z.refine((value) => value.role !== undefined || value.disabled !== undefined, {
    message: fieldIssue('ROLE_OR_DISABLED'),
  }),
);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * What an audit row records: a role change, a disable or enable, a personal access token created
 * (`after`: its name) or revoked (`before`: its name).
 */
export const USER_AUDIT_CHANGES = ['role', 'disabled', 'token-created', 'token-revoked'] as const;
export type UserAuditChange = (typeof USER_AUDIT_CHANGES)[number];

/** One row of the audit of account changes: who changed whom, what, and when. */
export const userAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  subjectId: z.string(),
  subjectEmail: z.string(),
  change: z.enum(USER_AUDIT_CHANGES),
  before: z.string(),
  after: z.string(),
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;

/** The signed-in user with their role, as the server's guards resolve it. */
export interface SignedInAccount {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: Role;
}

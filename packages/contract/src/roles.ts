import { z } from 'zod/mini';
import { checked } from './checked.ts';
import { fieldIssue } from './field-issues.ts';
import { ACTIONS, ROLES, type Role } from './policy.ts';

/** The roles and actions as schemas; the lists themselves and the policy are in policy.ts (no zod). */
export const roleSchema = z.enum(ROLES);
export const actionSchema = z.enum(ACTIONS);

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

import { z } from 'zod/mini';
import { checked } from './checked.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { fieldIssue } from './field-issues.ts';

/** GET /api/auth-methods: which sign-in methods the server has enabled. */
export const authMethodsSchema = z.object({
  emailPassword: z.literal(true),
  google: z.boolean(),
});
export type AuthMethods = z.infer<typeof authMethodsSchema>;

/** POST /api/login body and answer (the spec's access token). */
export const accessTokenRequestSchema = z.strictObject({ email: z.email(fieldIssue('NOT_EMAIL')) });
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });

/** A new password's length (refused as PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG). */
export const passwordSchema = checked(
  z.string(),
  z.minLength(PASSWORD_MIN_LENGTH),
  z.maxLength(PASSWORD_MAX_LENGTH),
);

/** The longest email address an account may have (RFC 5321's limit on a forward path). */
export const EMAIL_MAX_LENGTH = 254;

/** An account's email address, as sign-up accepts it and as the attempt limits count it (else INVALID_EMAIL). */
export const accountEmailSchema = checked(z.email(), z.maxLength(EMAIL_MAX_LENGTH));

/** The signed-in user, as the server's guards resolve it and the SPA's session shows it. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** SPA routes the server's emails link to. */
export const WEB_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
} as const;

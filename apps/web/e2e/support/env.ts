/**
 * What the global setup tells the test workers (through environment variables, which Playwright's
 * workers inherit from the runner once the setup has run).
 */
export const E2E_ENV = {
  baseUrl: 'WALTON_E2E_BASE_URL',
  mailDir: 'WALTON_E2E_MAIL_DIR',
  googleIssuer: 'WALTON_E2E_GOOGLE_ISSUER',
} as const;

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value) throw new Error(`${E2E_ENV[name]} is not set: run the suite through playwright.config.ts`);
  return value;
}

/**
 * The suite's administrator: its address is the server's ADMIN_EMAILS, and the global setup signs it
 * up before any test runs, so it is the first account ever created too and no test's own user is an
 * admin by coming first (every test's user is `staff`, the default role, unless a test changes it).
 */
export const E2E_ADMIN = {
  name: 'E2E Admin',
  email: 'admin@e2e.example.com',
  password: 'Sturdy-pass-admin-e2e',
} as const;

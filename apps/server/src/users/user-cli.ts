import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@walton/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { UserRepository } from './user-repository.ts';

/** Who the audit names for a change made from the shell. */
export const SHELL_ACTOR = 'shell (npm run user)';

export const USAGE = `usage: npm run user -- --email <address> --role <${ROLES.join('|')}>`;

/**
 * `npm run user -- --email X --role admin`: sets the role of the account of X on the configured
 * database (DATABASE_URL / DATA_DIR, as the server reads them), for a database made before roles
 * existed or an admin locked out. Recorded in the audit as made from the shell. A running server
 * takes the new role within SESSION_TRUST_MS. Answers the exit code and what to print.
 */
export async function runUserCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; message: string }> {
  let values: { email?: string | undefined; role?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, role: { type: 'string' } } }));
  } catch (error) {
    return { code: 2, message: `${(error as Error).message}\n${USAGE}` };
  }
  const { email, role } = values;
  if (!email || !role) return { code: 2, message: USAGE };
  if (!(ROLES as readonly string[]).includes(role)) {
    return { code: 2, message: `--role must be one of ${ROLES.join(', ')}\n${USAGE}` };
  }
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.engine, config.timeZone);
    const users = new UserRepository(database.db, database.engine);
    const outcome = await users.setRoleByEmail(
      email,
      role as Role,
      { id: null, email: SHELL_ACTOR },
      new Date(),
    );
    if (outcome === 'not-found') return { code: 1, message: `No account has the address ${email}` };
    if (outcome === 'last-admin') {
      return { code: 1, message: `${email} is the last admin: make another account admin first` };
    }
    return { code: 0, message: `${email} is now ${role}` };
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const { code, message } = await runUserCommand(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

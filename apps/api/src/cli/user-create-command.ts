import { parseArgs } from 'node:util';
import { DEFAULT_LANGUAGE, issueMessageKey, userCreateSchema } from '@funil/shared';
import type { Database } from '../db/client';
import { isAppError } from '../lib/app-error';
import { translator } from '../lib/i18n';
import { createUser } from '../modules/users/users.service';

export const USAGE =
  'Usage: npm run user:create -- --email <email> --name "<name>" --roles <role,role> [--password <password>] [--inactive]\n' +
  'Roles: admin, manager, user, comercial, sales, marketing, finance. Without --password, the password is\n' +
  'asked for on a terminal, or read as one line from standard input.';

export type UserCreateIo = {
  /** Called only when --password is absent. */
  readPassword: () => Promise<string>;
  out: (line: string) => void;
};

/** Thrown for anything the operator has to fix; the message is for a terminal. */
export class CliError extends Error {}

/**
 * `user:create`: validates like POST /api/users (same schema, same messages), creates the user,
 * and returns the line to print. Throws CliError with a readable message.
 */
export async function runUserCreate(db: Database, argv: string[], io: UserCreateIo): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        roles: { type: 'string' },
        password: { type: 'string' },
        inactive: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    io.out(USAGE);
    return;
  }
  const missing = (['email', 'name', 'roles'] as const).filter((option) => !values[option]);
  if (missing.length)
    throw new CliError(`Missing ${missing.map((name) => `--${name}`).join(', ')}\n${USAGE}`);

  const password = values.password ?? (await io.readPassword());
  const t = translator(DEFAULT_LANGUAGE);
  const parsed = userCreateSchema.safeParse({
    email: values.email,
    name: values.name,
    roles: (values.roles ?? '')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    password,
    isActive: !values.inactive,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const { key, params } = issueMessageKey(issue);
      return `  --${issue.path[0] === undefined ? '' : String(issue.path[0])}: ${t(key, params)}`;
    });
    throw new CliError(`Invalid values:\n${lines.join('\n')}`);
  }
  try {
    const user = await createUser(db, parsed.data);
    io.out(
      `Created user ${user.email} (${user.name}), roles: ${user.roles.join(', ')}, ` +
        `${user.isActive ? 'active' : 'inactive'}, id ${user.id}.`,
    );
  } catch (error) {
    if (isAppError(error)) throw new CliError(t(error.key, error.params));
    throw error;
  }
}

import { createInterface } from 'node:readline';
import { ConfigError } from '../config';
import { loadConfigFromEnvironment } from '../config-from-environment';
import { DataDirInUseError } from '../db/data-dir-lock';
import { withMigratedDatabase } from '../db/with-migrated-database';
import { CliError, runUserCreate } from './user-create-command';

/** Asks on the terminal, echoing nothing of what is typed. */
async function promptPassword(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes through _writeToOutput; while the password is typed, only the prompt gets through.
  const writable = rl as unknown as { _writeToOutput: (text: string) => void };
  writable._writeToOutput = (text: string) => {
    if (text.includes(question)) process.stdout.write(question);
  };
  try {
    return await new Promise<string>((resolveAnswer) => rl.question(question, resolveAnswer));
  } finally {
    process.stdout.write('\n');
    rl.close();
  }
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    return promptPassword('Password: ');
  }
  // Piped: the first line of standard input (`echo "$PASSWORD" | npm run user:create -- ...`).
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  throw new CliError('No password given (--password, a terminal, or one line on standard input).');
}

async function main() {
  await withMigratedDatabase(loadConfigFromEnvironment(), ({ db }) =>
    runUserCreate(db, process.argv.slice(2), { readPassword, out: (line) => console.log(line) }),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof CliError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else console.error(error);
  process.exitCode = 1;
});

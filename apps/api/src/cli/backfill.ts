import { ConfigError } from '../config';
import { loadConfigFromEnvironment } from '../config-from-environment';
import { DataDirInUseError } from '../db/data-dir-lock';
import { withMigratedDatabase } from '../db/with-migrated-database';
import { BackfillCliError, parseBackfillArgs, runBackfillCommand, USAGE } from './backfill-command';

async function main() {
  const request = await parseBackfillArgs(process.argv.slice(2));
  if (request.kind === 'help') {
    console.log(USAGE);
    return;
  }
  await withMigratedDatabase(loadConfigFromEnvironment(), (handle) =>
    runBackfillCommand(handle, request, { out: (line) => console.log(line) }),
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof BackfillCliError ||
    error instanceof DataDirInUseError
  ) {
    console.error(error.message);
  } else console.error(error);
  process.exitCode = 1;
});

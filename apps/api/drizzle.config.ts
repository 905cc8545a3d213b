import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` diffs src/db/schema against drizzle/meta and writes the next
// migration; hand-written SQL goes through `npx drizzle-kit generate --custom --name <what>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});

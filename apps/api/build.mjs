// Bundles the API into one ESM file, dist/server.js. Dependencies stay external and resolve from
// node_modules at run time (native and optional packages keep working); only @funil/shared, which
// is TypeScript source never published, is inlined together with its JSON locales.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@funil/shared');
// Another output file may be named (the robustness tests bundle the server under test next to
// dist/server.js); it must sit one folder below apps/api, as the bundle finds its files from there.
const outfile = process.argv[2] ?? new URL('./dist/server.js', import.meta.url).pathname;

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A package name also covers its subpaths (drizzle-orm/pglite, ...).
  external,
  // Some CommonJS code calls require(); ESM has none, so the bundle defines it.
  banner: {
    js: "import { createRequire as __funilCreateRequire } from 'node:module'; const require = __funilCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`${relative(process.cwd(), outfile)} built`);

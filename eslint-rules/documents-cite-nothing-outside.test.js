// ESLint reads no Markdown and no SQL, so the same citations are looked for here in the documents
// (every *.md of the repository) and in the migrations' comments: each one found is listed as
// file:line, and the test fails until they state their rules themselves.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankCommentMarkers, findOutsideCitations } from './outside-citations.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Installed, built or generated folders: nobody writes their text. */
const NOT_OURS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'results',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** Every file under `dir` whose name passes `wanted`, as paths relative to the repository. */
function filesUnder(dir, wanted) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : filesUnder(path, wanted);
    return wanted(entry.name) ? [path] : [];
  });
}

/** `file:line: "text" (what it cites)` for each citation in a file. */
function citationsIn(file) {
  const text = blankCommentMarkers(readFileSync(join(root, file), 'utf8'));
  return findOutsideCitations(text).map((citation) => {
    const line = text.slice(0, citation.index).split('\n').length;
    return `${file}:${line}: "${citation.text.replace(/\s+/g, ' ')}" cites ${citation.what}`;
  });
}

const documents = filesUnder('.', (name) => name.endsWith('.md'));
const migrations = filesUnder('apps/api/drizzle', (name) => name.endsWith('.sql'));

describe('documents and migrations', () => {
  it('are found', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'docs/api.md']));
    expect(migrations.length).toBeGreaterThan(0);
  });

  it('state their rules themselves, citing no specification, issue or outside file', () => {
    expect([...documents, ...migrations].flatMap(citationsIn)).toEqual([]);
  });
});

import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './no-outside-citations.js';

// RuleTester builds its own describe/it blocks; these are vitest's.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-outside-citations'];
const ruleTester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const typescript = { languageOptions: { parser: tseslint.parser } };

const citation = { messageId: 'citation' };

ruleTester.run('no-outside-citations', rule, {
  valid: [
    "// A lead's franchises are names that must exist.",
    '/** Budgets: ≤ 10 ms at 10 clients. */ const budget = 10;',
    '// The routes and their errors are in docs/api.md, Leads; the decision is docs/decisions/004.',
    '// See ARCHITECTURE.md, "The pipeline board".',
    '// Most specs share one server; a spec that needs its own calls useFreshInstallation().',
    '// The playwright file e2e/tests/leads.spec.ts drives the journey.',
    '// The contract status moves on the board.',
    '// Two comments apart: a spec\n\n// says nothing here; nor does section 3\nconst x = 1; // of anything.',
    '// Colours: #1f2937 on white; an entity: &#39;.',
    "import { x } from '../shared/index.js'; // a file inside the repository",
    "describe('lead references', () => { it('refuses a franchise that does not exist', () => {}); });",
    "it.each([1, 2])('page %i costs what page 1 does', () => {});",
    'test(`the board answers ${count} columns`, () => {});',
    // Only titles and comments count: strings elsewhere are data.
    "const text = 'SPEC §4, issue 11';",
    "expect(render('see issue 11')).toBe(true);",
    // A call that merely ends in `.test` is not a test.
    "/x/.test('issue 11');",
    { code: 'type Lead = { id: string }; // a lead, as every answer carries it', ...typescript },
  ],
  invalid: [
    { code: '// A drag starts after 8 px (SPEC §4).', errors: [citation, citation] },
    { code: '/** Where each filter is kept (section 7 of the spec). */', errors: [citation, citation] },
    { code: '// The spec says so.', errors: [citation] },
    { code: '// As the product specification asks.', errors: [citation] },
    { code: "// Sort fields: API.md's list.", errors: [citation] },
    { code: '// Layout as in ../shared/DESIGN.md.', errors: [citation, citation] },
    { code: '// Messages as the contract quotes them.', errors: [citation] },
    { code: '// Budgets (issue 11).', errors: [citation] },
    { code: '// Fixes #17.', errors: [citation] },
    { code: '// The ratios this issue sets.', errors: [citation] },
    // A citation broken across the lines of a block comment is still one citation, and is
    // reported where it starts.
    {
      code: '/**\n * Kept between visits (section 3 of\n * the spec).\n */',
      errors: [
        { ...citation, line: 2, column: 25 },
        { ...citation, line: 3, column: 4 },
      ],
    },
    {
      code: '// Kept between visits (section 3 of\n// the spec).\nconst keys = {};',
      errors: [
        { ...citation, line: 1, column: 25 },
        { ...citation, line: 2, column: 4 },
      ],
    },
    { code: '// the ratios the issue\n   // sets', errors: [{ ...citation, line: 1, column: 15 }] },
    {
      code: "describe('the form', () => { it('shows the spec messages', () => {}); });",
      errors: [{ ...citation, line: 1, column: 33 }],
    },
    { code: "describe('Issue 3: timing', () => {});", errors: [citation] },
    { code: "it.skip('as SPEC §5 orders', () => {});", errors: [citation, citation] },
    { code: "test.only('as the spec says', () => {});", errors: [citation] },
    { code: "describe.each([['a']])('%s (issue 9)', () => {});", errors: [citation] },
    { code: "it.each`a\n${1}`('issue 4: $a', () => {});", errors: [citation] },
    { code: 'it.skipIf(true)(`issue ${n}: see API.md`, () => {});', errors: [citation] },
    { code: "test.describe('#12 regression', () => {});", errors: [citation] },
    {
      code: "test('trims a record to the contract', async (): Promise<void> => {});",
      ...typescript,
      errors: [citation],
    },
  ],
});

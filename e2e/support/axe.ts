import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Findings that fail a test: axe's two highest impacts. Lower ones are printed, not fatal. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * Rules that were fixed once and must stay fixed, whatever axe rates them: `region` (moderate)
 * caught the signed-in shell's sidebar outside every landmark.
 */
const ALWAYS_BLOCKING_RULES = new Set(['region']);

/**
 * Experimental rules (off in axe by default) that every check runs too.
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name): a control's accessible name must
 * contain the text it shows, or a speech user saying what they see cannot reach it; it caught
 * every card of the pipeline board.
 */
const EXPERIMENTAL_RULES_CHECKED = ['label-content-name-mismatch'];

function describeFinding(finding: Result): string {
  const targets = finding.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `      ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
    )
    .join('\n');
  const more = finding.nodes.length > 5 ? `\n      … and ${finding.nodes.length - 5} more` : '';
  return `  [${finding.impact ?? 'no impact'}] ${finding.id}: ${finding.help} (${finding.nodes.length})\n${targets}${more}`;
}

/**
 * Waits for the page's finite CSS animations and transitions (a toast or a dialog fading in, a
 * skeleton giving way to content) to end: axe measures colour contrast on what is painted, and a
 * text caught half-faded-in reads as a contrast failure that no user ever sees. Endless ones (a
 * spinner) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    // A paused animation never ends: waiting is bounded, and axe then runs on the page as it is.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

/**
 * Runs axe (all its stable rules and the experimental ones above) over the page as it is now,
 * prints every finding with the elements it concerns, attaches the full result to the test report,
 * and fails on a serious or critical one.
 */
export async function expectNoSeriousAccessibilityFindings(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .options({
      rules: Object.fromEntries(EXPERIMENTAL_RULES_CHECKED.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  const findings = results.violations;
  if (findings.length > 0) {
    console.log(`axe on ${label} (${page.url()}):\n${findings.map(describeFinding).join('\n')}`);
  }
  await test.info().attach(`axe ${label}`, {
    body: JSON.stringify(findings, null, 2),
    contentType: 'application/json',
  });
  const blocking = findings.filter(
    (finding) => BLOCKING_IMPACTS.has(finding.impact ?? '') || ALWAYS_BLOCKING_RULES.has(finding.id),
  );
  expect(
    blocking.map((finding) => `${finding.impact} ${finding.id}: ${finding.help}`),
    `accessibility findings on ${label}`,
  ).toEqual([]);
}

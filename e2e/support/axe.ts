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

/** How long the screen must stay still, in frames in a row, before axe measures it. */
const QUIET_FRAMES = 3;
/** A screen still loading or moving after this long is a failure of its own, named as such. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Waits for the screen to settle, checked in the page on every frame until it holds for
 * QUIET_FRAMES frames in a row: nothing on it is loading (`aria-busy`, which every skeleton and
 * every list being read carries), the live-update stream, where there is one, is open (its opening
 * may read lists again), and no finite CSS animation or transition is running. axe measures colour
 * contrast on what is painted, and a text caught mid-fade reads as a failure no user is left
 * looking at: on the lead edit screen the form could be ready while the brand's contacts were
 * still loading, and 'Novo Contato' (disabled until they arrive) then faded from half to full
 * opacity under axe. A one-off list of the running animations cannot see a transition that data
 * arriving afterwards starts; checking loading and movement together, frame after frame, can.
 * Endless animations (a spinner, a skeleton's pulse) and paused ones never end and are not waited
 * for; a screen that never settles fails here, saying what was still loading or moving.
 */
async function waitForSettledScreen(page: Page): Promise<void> {
  const unsettled = await page.evaluate(
    async ({ quietFrames, timeoutMs }) => {
      const describe = (element: Element | null) =>
        element
          ? `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${(element.textContent ?? '').trim().slice(0, 40)}"`
          : 'the document';
      const whatIsUnsettled = (): string | null => {
        const busy = document.querySelector('[aria-busy="true"]');
        if (busy) return `still loading: ${describe(busy)}`;
        const stream = document.documentElement.dataset.liveUpdates;
        if (stream !== undefined && stream !== 'open') return `live-update stream ${stream}`;
        const moving = document
          .getAnimations()
          .find(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          );
        if (!moving) return null;
        const target = moving.effect instanceof KeyframeEffect ? moving.effect.target : null;
        const name =
          moving instanceof CSSTransition
            ? moving.transitionProperty
            : moving instanceof CSSAnimation
              ? moving.animationName
              : 'animation';
        return `still moving (${name}): ${describe(target)}`;
      };
      const deadline = performance.now() + timeoutMs;
      let quiet = 0;
      let last: string | null = null;
      while (quiet < quietFrames) {
        if (performance.now() > deadline) return last;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        last = whatIsUnsettled();
        quiet = last === null ? quiet + 1 : 0;
      }
      return null;
    },
    { quietFrames: QUIET_FRAMES, timeoutMs: SETTLE_TIMEOUT_MS },
  );
  expect(unsettled, 'the screen settles before axe measures it').toBeNull();
}

/**
 * Runs axe (all its stable rules and the experimental ones above) over the page as it is now,
 * prints every finding with the elements it concerns, attaches the full result to the test report,
 * and fails on a serious or critical one.
 */
export async function expectNoSeriousAccessibilityFindings(page: Page, label: string): Promise<void> {
  await waitForSettledScreen(page);
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

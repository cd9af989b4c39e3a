import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const screenshotDir = path.resolve(__dirname, '../../../../dist/apps/web-e2e/screenshots');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (evaluated over the DevTools protocol, so the app's strict CSP
 * stays on) and fails on any serious or critical violation.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A dialog fading in or a button changing colour is judged half-way otherwise: axe read a
  // Save button mid-transition as too faint.
  await settled(page);
  // Once per document: parsing axe again on the same page cost about 170 ms a check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    // Every violation is still reported in full; passes and 'inapplicable' are only counted,
    // which took a check from about 470 ms to 150 ms.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `${screen}: ${JSON.stringify(bad, null, 2)}`).toEqual([]);
}

/**
 * Saves a screenshot as dist/apps/web-e2e/screenshots/<name>.png. The pictures are for a person
 * to look at; CI throws them away, so under CI=true it draws none unless E2E_SCREENSHOTS=1.
 */
export async function saveScreen(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), ...options });
}

/**
 * Two frames drawn (media queries answered, React rendered the new layout) and
 * no finite animation or transition still running (a drawer sliding shut), so axe and the
 * screenshot see the layout a user sees. Spinners (infinite) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Screenshots the current screen at phone (390 px) and desktop (1280 px) widths, with axe at
 * each. Under CI=true only axe runs, unless E2E_SCREENSHOTS=1.
 */
export async function captureScreen(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page, `${name} @${width}px`);
    await saveScreen(page, `${name}-${width}`, { fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Collects console errors such as CSP refusals, so a test can assert the page ran cleanly. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(text))
      problems.push(text);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

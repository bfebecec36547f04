// axe-core run in the page through Playwright, its source put into the page once per document.
// @axe-core/playwright injects the whole of axe-core (about 550 kB) into every frame on every
// analyze(): measured on the member pages, that was 0.7 to 1.9 s of each 1 to 2.8 s run, and the
// end-to-end suite runs axe some three hundred times. Our pages have no frames of their own.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const fromPlaywrightAxe = createRequire(require.resolve('@axe-core/playwright'));
const axeSource = fs.readFileSync(fromPlaywrightAxe.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The violations of every rule axe runs by default (or of `rules` only), in `within` if given. */
export async function runAxe(page: Page, opts: { rules?: string[]; within?: string } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ rules, within }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const context = within ? { include: [within] } : document;
    const result = await axe.run(context, {
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
    }));
  }, opts);
}

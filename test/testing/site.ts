import { expect, type Page } from '@playwright/test';
import { runAxe } from './axe.js';

/** The public pages of the site, each with the h1 it must show. */
export const publicPages = [
  { path: '/', heading: 'Linkhive' },
  { path: '/subscriptions', heading: 'Plans and pricing' },
  { path: '/subscriptions/pro', heading: 'Pro plan' },
  { path: '/subscriptions/business', heading: 'Business plan' },
  { path: '/subscriptions/enterprise', heading: 'Enterprise plan' },
  { path: '/payment/success', heading: 'Check your subscription' },
  { path: '/aboutus', heading: 'About Linkhive' },
  { path: '/policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/export-bookmarks', heading: 'Export your bookmarks' },
  { path: '/extension', heading: 'Get the browser extension' },
  { path: '/workspace', heading: 'Team Workspace - Collaborative Bookmark Management' },
  { path: '/digital-business-cards', heading: 'Digital Business Cards' },
  { path: '/promote', heading: 'Free Promo Advert' },
] as const;

export async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/**
 * The violations axe rates serious or critical, as readable lines, and in the same run any of
 * `alsoRules` whatever its impact (heading-order is only 'moderate'): one axe run, not two.
 * `within` limits the run to what a selector matches: an open dialog, once the page behind it (which
 * a modal dialog hides from assistive technology) has been checked at the same width.
 */
export async function seriousViolations(page: Page, alsoRules: string[] = [], within?: string): Promise<string[]> {
  const violations = await axeViolations(page, undefined, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRules.includes(v.id))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Pauses a carousel that turns on its own (the home page's 'Highlights'): a slide that turns while
 * axe reads the page is half faded in, and axe reports the contrast of the blend.
 */
export async function pauseCarousel(page: Page, name: string) {
  const carousel = page.getByRole('region', { name });
  await carousel.getByRole('button', { name: 'Pause slides' }).click();
  await expect(carousel.getByRole('button', { name: 'Play slides' })).toBeVisible();
}

/** Any violation of the named axe rules, whatever its impact (heading-order is only 'moderate'). */
export async function ruleViolations(page: Page, rules: string[]): Promise<string[]> {
  const violations = await axeViolations(page, rules);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function axeViolations(page: Page, rules?: string[], within?: string) {
  // MUI fades dialogs, notices and drawers in and out: axe blends a half-shown element into what is
  // behind it and reports contrast that no user sees. Checked once every finite animation has ended
  // (spinners run forever and are left alone), and again if one started while axe read the page (a
  // notice hiding itself after its 6 s did, on a slow machine). Three passes at most: a page that
  // keeps starting motion is checked as the third pass found it.
  for (let pass = 1; ; pass++) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    await page.evaluate(() => {
      const w = window as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      document.addEventListener('transitionstart', saw, { once: true });
      document.addEventListener('animationstart', saw, { once: true });
    });
    const violations = await runAxe(page, { rules, within });
    const moved = await page.evaluate(() => (window as { axeSawMotion?: boolean }).axeSawMotion);
    if (!moved || pass === 3) return violations;
  }
}

/** Waits until the service worker controls the page, as it does from the second visit on. */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

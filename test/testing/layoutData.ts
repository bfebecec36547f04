import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const bookmarksDir = path.resolve(import.meta.dirname, '../fixtures/bookmarks');

/** The anchor texts of every bookmark export in the fixtures, longest first. */
export function longestFixtureTitles(count: number): string[] {
  const titles = new Set<string>();
  for (const file of fs.readdirSync(bookmarksDir)) {
    const html = fs.readFileSync(path.join(bookmarksDir, file), 'utf8');
    for (const [, text] of html.matchAll(/<a\s[^>]*href="https?:[^"]*"[^>]*>([^<]+)<\/a>/gi)) {
      const title = text!.replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
      if (title) titles.add(title);
    }
  }
  return [...titles].sort((a, b) => b.length - a.length).slice(0, count);
}

/**
 * Titles as imports bring them: the longest real ones, and the same with their spaces taken out,
 * since a title of 50 characters with nothing to break at is what widened the cards (issue 26).
 * The server may keep or cut them; either way the pages must fit.
 */
export function realisticTitles(): string[] {
  const real = longestFixtureTitles(12);
  const unbroken = real.slice(0, 6).map((t) => t.replace(/\s+/g, '').slice(0, 50));
  return [...real, ...unbroken];
}

/**
 * Category names with no space to wrap at: 25 characters, the most a person may type, and a folder
 * name an import keeps whole with its punctuation (issue 26), as long as real nested folders get.
 */
export const longCategories = [
  'Internationalisationsplan',
  'Softwareentwicklungsteams',
  'Reading',
  'Work',
  'Selbstgehostete-Dienste/Heimautomatisierung&Netzwerkinfrastruktur',
];

/** Saves links through the JSON import (the extension's way in) and waits for its job to finish. */
export async function importItems(
  request: APIRequestContext,
  items: { title: string; url: string; folder: string[] }[],
) {
  const res = await request.post('/api/import', { data: { items, overwrite: false } });
  expect(res.status(), await res.text()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/import/${jobId}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('done');
}

/**
 * What a page shows that is wider than the window or cut off: the document's extra width; every
 * visible control of `main` (button, link, chip, field) that is outside the window or outside a box
 * that clips it (a card with overflow hidden cuts off its buttons while the page itself still
 * fits); and every row (a list item or an article) with buttons of which none is on screen, as the
 * category cards' rows were at 400 px (issue 26). `buttons` counts the rows' buttons on screen.
 * Runs in the page: self-contained.
 */
export function layoutProblems(): { overflow: number; rows: number; buttons: number; cutOff: string[] } {
  const root = document.documentElement;
  const width = root.clientWidth;
  const controls = 'button, a[href], input, select, textarea, [role="button"], [tabindex="0"], .MuiChip-root';
  const nameOf = (el: Element) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60) || el.tagName.toLowerCase();
  // Shown at all: laid out, not hidden, and more than the 1 px of a visually hidden input.
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && el.checkVisibility({ visibilityProperty: true });
  };
  /** Why the control is not wholly on screen, or null when it is. */
  const whereCut = (el: Element): string | null => {
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5)
      return `${nameOf(el)} at ${Math.round(box.left)}-${Math.round(box.right)} of ${width}`;
    for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
        return `${nameOf(el)} clipped by a box at ${Math.round(clip.left)}-${Math.round(clip.right)}`;
    }
    return null;
  };

  const cutOff: string[] = [];
  const onScreen = new Set<Element>();
  for (const el of document.querySelectorAll(`main :is(${controls})`)) {
    if (!shown(el)) continue;
    // A switch's input is transparent and three times the width of its thumb, clipped by the switch
    // (MUI's way to widen the touch target): what the user sees and touches is the switch.
    const cut = whereCut(el.matches('input') ? (el.closest('.MuiSwitch-root') ?? el) : el);
    if (cut) cutOff.push(cut);
    else onScreen.add(el);
  }
  const rows = [...document.querySelectorAll('main li, main article')].filter(
    (r) => r.querySelector('button') && shown(r),
  );
  let buttons = 0;
  for (const row of rows) {
    const visible = [...row.querySelectorAll('button')].filter((b) => onScreen.has(b)).length;
    if (!visible) cutOff.push(`no action button on screen in the row "${nameOf(row)}"`);
    buttons += visible;
  }
  return { overflow: root.scrollWidth - width, rows: rows.length, buttons, cutOff };
}

/**
 * Waits until the page fits each width: nothing wider than the window, no control cut off. Polled,
 * as a resize lays the page out again over a few frames.
 */
export async function expectFitsWidths(page: Page, widths = [400, 1280]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(async () => {
        const problems = await page.evaluate(layoutProblems);
        return { overflow: problems.overflow, cutOff: problems.cutOff };
      })
      .toEqual({ overflow: 0, cutOff: [] });
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

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

/** Category names of the longest kind the import makes (25 characters), with no space to wrap at. */
export const longCategories = ['Internationalisationsplan', 'Softwareentwicklungsteams', 'Reading', 'Work'];

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
 * What a page shows that is wider than the window or cut off: the document's extra width, and
 * every visible button in a row (a list item or an article of `main`) that is outside the window or
 * outside a box that clips it (a card with overflow hidden cuts off its buttons while the page
 * itself still fits).
 */
export function layoutProblems(): { overflow: number; rows: number; buttons: number; cutOff: string[] } {
  const root = document.documentElement;
  const width = root.clientWidth;
  const rows = [...document.querySelectorAll('main li, main article')].filter((r) => r.querySelector('button'));
  const cutOff: string[] = [];
  let buttons = 0;
  for (const row of rows) {
    for (const button of row.querySelectorAll('button')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(button).visibility === 'hidden') continue;
      buttons++;
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      if (box.left < -0.5 || box.right > width + 0.5) {
        cutOff.push(`${name} at ${Math.round(box.left)}-${Math.round(box.right)} of ${width}`);
        continue;
      }
      for (let up = button.parentElement; up && up !== root; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
          cutOff.push(`${name} clipped by a box at ${Math.round(clip.left)}-${Math.round(clip.right)}`);
          break;
        }
      }
    }
  }
  return { overflow: root.scrollWidth - width, rows: rows.length, buttons, cutOff };
}

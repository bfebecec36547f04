// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeGroupsServer, makeGroup, makeLink, renderSignedIn, stubEventSource } from '../../testing/groups';
import { makeMe } from '../../testing/renderApp';
import { GroupsPage } from './GroupsPage';

beforeEach(() => stubEventSource());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Serious and critical findings, as `rule: target` lines; jsdom has no layout, so colour contrast is left to Playwright. */
async function seriousFindings() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

it('has no serious or critical axe finding on the page and in its Create & Invite and Add Link dialogs', async () => {
  fakeGroupsServer({
    groups: [makeGroup(1), makeGroup(2, { isOwner: false, ownerId: 'u9' })],
    links: { g1: [makeLink(1, 'g1', { rssFeed: 'https://site1.example.com/feed' }), makeLink(2)] },
  });
  renderSignedIn(<GroupsPage />, makeMe({ subscriptionPro: true }));
  await screen.findByRole('list', { name: 'Links of Group 1' });
  expect(await seriousFindings()).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Create & Invite' }));
  await screen.findByRole('dialog', { name: 'Create & Invite' });
  expect(await seriousFindings()).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Invite member' }));
  expect(await seriousFindings()).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

  fireEvent.click(await screen.findByRole('button', { name: 'Add Link' }));
  await screen.findByRole('dialog', { name: 'Add Link' });
  expect(await seriousFindings()).toEqual([]);
});

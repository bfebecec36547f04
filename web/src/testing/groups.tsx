import type { GroupEvent, GroupLink, GroupMember, Me, Group } from '@linkhive/shared/domain';
import { NotificationProvider } from '@linkhive/shared/ui';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { useSession } from '../session/store';
import { theme } from '../theme';
import { fakeServer, makeMe } from './renderApp';
import { QueryProvider, queryClient } from '../data/queryClient';

export function makeGroup(n: number, over: Partial<Group> = {}): Group {
  return {
    id: `g${n}`,
    name: `Group ${n}`,
    ownerId: 'u1',
    isOwner: true,
    isMember: true,
    linkCount: 0,
    memberCount: 1,
    isPrivate: true,
    allowMemberInvites: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeLink(n: number, groupId = 'g1', over: Partial<GroupLink> = {}): GroupLink {
  return {
    id: `l${n}`,
    groupId,
    link: `https://site${n}.example.com/`,
    domain: `site${n}.example.com`,
    title: `Site ${n}`,
    category: 'Work',
    rssFeed: null,
    addedBy: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeMember(n: number, over: Partial<GroupMember> = {}): GroupMember {
  return {
    id: `m${n}`,
    userId: `u${n}`,
    email: `user${n}@example.com`,
    name: `User ${n}`,
    role: 'member',
    status: 'active',
    joinedAt: '2026-01-01T00:00:00.000Z',
    activatedAt: '2026-01-02T00:00:00.000Z',
    ...over,
  };
}

type Answer = { status: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => Answer;

export const apiError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

/**
 * The groups API over data the test can change: `links` per group id, paged and searched like the
 * server (title or address, any case). `extra` handlers answer writes or replace these.
 */
export function fakeGroupsServer(
  data: { groups: Group[]; links?: Record<string, GroupLink[]>; members?: GroupMember[] },
  extra: Record<string, Handler> = {},
) {
  const state = { groups: data.groups, links: data.links ?? {}, members: data.members ?? [] };
  const linkHandlers: Record<string, Handler> = {};
  for (const g of state.groups) {
    linkHandlers[`GET /api/groups/${g.id}/links`] = (url) => {
      const p = new URL(url, 'http://x').searchParams;
      const q = (p.get('q') ?? '').toLowerCase();
      const page = Number(p.get('page') ?? 1);
      const size = Number(p.get('pageSize') ?? 25);
      const hits = (state.links[g.id] ?? []).filter(
        (l) => !q || l.title.toLowerCase().includes(q) || l.link.toLowerCase().includes(q),
      );
      return {
        status: 200,
        body: { items: hits.slice((page - 1) * size, page * size), total: hits.length, page, pageSize: size },
      };
    };
    linkHandlers[`GET /api/groups/${g.id}/members`] = () => ({ status: 200, body: { items: state.members } });
  }
  const server = fakeServer({
    'GET /api/groups': () => ({ status: 200, body: { items: state.groups } }),
    ...linkHandlers,
    ...extra,
  });
  /** The query of each links request of a group, in order. */
  const linkQueries = (groupId: string) =>
    server.calls
      .filter((c) => c.method === 'GET' && c.url.startsWith(`/api/groups/${groupId}/links`))
      .map((c) => new URL(c.url, 'http://x').searchParams);
  const count = (method: string, path: string) =>
    server.calls.filter((c) => c.method === method && c.url.split('?')[0] === path).length;
  return { ...server, state, linkQueries, count };
}

/** A stand-in for the browser's EventSource: the test sends events with `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(event: GroupEvent) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: String(event.seq) }));
    });
  }
  /** The connection (re)opening, as the browser reports it first and after each reconnection. */
  open() {
    act(() => {
      this.onopen?.(new Event('open'));
    });
  }
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('No EventSource was opened');
    return last;
  }
}

export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/**
 * Renders one page as a signed-in user, with the app's theme, notifications, a memory router and
 * an empty server-data cache (as the router's lazy pages have).
 */
export function renderSignedIn(page: ReactNode, me: Me = makeMe(), path = '/teams/workspace') {
  useSession.setState({ me, loaded: true, unreachable: false });
  vi.stubGlobal('scrollTo', vi.fn());
  queryClient.clear();
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotificationProvider>
        <QueryProvider>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </QueryProvider>
      </NotificationProvider>
    </ThemeProvider>,
  );
}

/** `count` links of one group, numbered from 1. */
export const makeLinks = (count: number, groupId = 'g1') =>
  Array.from({ length: count }, (_, i) => makeLink(i + 1, groupId));

/** The list of a group's links on the workspace page, once it shows. */
export const findLinkList = (name: string) => screen.findByRole('list', { name: `Links of ${name}` });

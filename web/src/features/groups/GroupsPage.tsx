import { useQueryClient } from '@tanstack/react-query';
import type { GroupEvent, Group } from '@linkhive/shared/domain';
import { groupMessages as m } from '@linkhive/shared/domain';
import { EmptyState, ScopedSearchBox, useNotify } from '@linkhive/shared/ui';
import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { api } from '../../api';
import { SidebarPage } from '../../layout/SidebarPage';
import { usePaidPlan } from '../plans/usePaidPlan';
import { RetryAlert } from '../../components/RetryAlert';
import { useSession } from '../../session/store';
import { GroupLinkList } from './GroupLinkList';
import { GroupPanel } from './GroupPanel';
import { useGroupEvents } from './useGroupEvents';
import { useGroups } from './useGroups';
import { GroupDialogs, type DialogState } from './GroupDialogs';
import { usePageTitle } from '../../layout/usePageTitle';
import { groupKeys } from './queries';

/** /teams/workspace: the groups the user owns or belongs to, and the open group's links. */
export function GroupsPage() {
  usePageTitle('Teams Workspace');
  const ws = useGroups();
  const { groups, active, activeId } = ws;
  const notify = useNotify();
  const paid = usePaidPlan();
  const [dialog, setDialog] = useState<DialogState>(null);
  const queryClient = useQueryClient();
  const reloadMembers = (groupId: string | null) => {
    if (groupId) void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
  };
  // Groups the user is leaving or deleting here: the stream's word about them is no news to them.
  const leaving = useRef(new Set<string>());

  /** Everything on screen again: after a resync, and when the stream comes back (see useGroupEvents). */
  function reloadAll() {
    void ws.reloadGroups();
    ws.reloadLinks();
    reloadMembers(activeId);
  }

  useGroupEvents((event: GroupEvent) => {
    const isActive = event.groupId === activeId;
    switch (event.kind) {
      case 'links':
        if (isActive) ws.reloadLinks();
        void ws.reloadGroups();
        break;
      case 'members':
        if (isActive) reloadMembers(event.groupId);
        void ws.reloadGroups();
        break;
      case 'group':
        void ws.reloadGroups();
        break;
      case 'deleted':
      case 'removed':
        // Reloading drops the group; the open one gives way to the first remaining group.
        void ws.reloadGroups();
        if (isActive && !leaving.current.has(event.groupId)) {
          setDialog(null);
          notify({ message: m.removedFromGroup, severity: 'warning' });
        }
        break;
      case 'resync':
        reloadAll();
        break;
    }
  }, reloadAll);

  const onCreated = (group: Group) => {
    ws.select(group.id);
    void ws.reloadGroups();
    // The Workspace menu shows for `me.hasGroups`, which the server computes: ask again so that a
    // user's first group brings the menu at once. Only a good answer is applied; a failed check
    // here must not sign anyone out (the session store's refresh would, on a 5xx).
    if (!useSession.getState().me?.hasGroups)
      api.auth.me().then(
        (me) => useSession.getState().setMe(me),
        () => {},
      );
  };

  const owner = Boolean(active?.isOwner);
  const canMove = owner && groups.items.some((g) => g.isOwner && g.id !== activeId);

  let body;
  if (groups.phase === 'loading' && !groups.items.length)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6, width: '100%' }}>
        <CircularProgress aria-label="Loading groups" />
      </Box>
    );
  else if (groups.phase === 'failed')
    body = <RetryAlert message={m.loadGroupsFailed} onRetry={() => void ws.reloadGroups()} />;
  else if (!groups.items.length) body = <EmptyState message={m.noGroups} />;
  else
    body = (
      <SidebarPage sidebar={<GroupPanel groups={groups.items} activeId={activeId} onSelect={ws.select} />}>
        <Box component="section" aria-label="Links" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Box sx={{ mb: 1 }}>
            <ScopedSearchBox
              label="Search links"
              value={ws.search}
              onChange={ws.setSearch}
              scope={ws.scope}
              onScopeChange={ws.setScope}
              placeholder="Title, address or page text"
            />
          </Box>
          {active && (
            <GroupLinkList
              groupName={active.name}
              phase={ws.links.phase}
              data={ws.links.data}
              error={ws.links.error}
              searching={ws.q !== ''}
              isOwner={owner}
              paid={paid}
              canMove={canMove}
              onPageChange={ws.setPage}
              onRetry={ws.reloadLinks}
              onEdit={(link) => setDialog({ kind: 'editLink', link })}
              onMove={(link) => setDialog({ kind: 'moveLink', link })}
              onDelete={(link) => setDialog({ kind: 'deleteLink', link })}
              onSeeFeed={(link) => setDialog({ kind: 'feed', link })}
            />
          )}
        </Box>
      </SidebarPage>
    );

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'center' },
          px: { xs: 2, md: 3 },
          pt: { xs: 2, md: 3 },
        }}
      >
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {active?.name ?? 'Teams Workspace'}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            Create & Invite
          </Button>
          {active && owner && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'addLink' })}>
              Add Link
            </Button>
          )}
          {active && owner && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'editGroup' })}>
              Edit Group
            </Button>
          )}
          {active && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'members' })}>
              Manage Members
            </Button>
          )}
          {active && owner && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'trash' })}>
              Deleted Links
            </Button>
          )}
          {active && !owner && (
            <Button variant="outlined" color="error" onClick={() => setDialog({ kind: 'leave' })}>
              Leave Group
            </Button>
          )}
        </Stack>
      </Stack>
      {groups.items.length ? body : <Box sx={{ p: { xs: 2, md: 3 } }}>{body}</Box>}
      <GroupDialogs
        dialog={dialog}
        setDialog={setDialog}
        groups={groups.items}
        active={active}
        onLinksChanged={() => {
          ws.reloadLinks();
          void ws.reloadGroups();
        }}
        onGroupsChanged={() => void ws.reloadGroups()}
        onCreated={onCreated}
        onLeaving={(id) => leaving.current.add(id)}
      />
    </Box>
  );
}

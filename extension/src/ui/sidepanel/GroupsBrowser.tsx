import { Alert, CircularProgress, Stack } from '@mui/material';
import { groupMessages, groupRules } from '@linkhive/shared/domain';
import { EmptyState, GroupLinkItems, GroupPicker } from '@linkhive/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onBookmarksChanged } from '../../core/changes';
import { api, platform } from '../extension';
import { groupKeys } from '../queries';
import { useGroups } from '../useGroups';
import { usePages } from './usePages';

/** The links of the workspace groups the user belongs to, read only: groups are edited on the web. */
export function GroupsBrowser() {
  const { groups, loading, error } = useGroups();
  const [chosen, setChosen] = useState('');
  // The first group opens by itself, as on the workspace page.
  const groupId = groups.some((g) => g.id === chosen) ? chosen : (groups[0]?.id ?? '');
  const group = groups.find((g) => g.id === groupId);
  const pages = usePages({
    queryKey: groupKeys.links(groupId),
    load: (page) => api.groupLinks(groupId, { page, pageSize: groupRules.linkPageSize }),
    // '' (no group yet) loads nothing.
    enabled: groupId !== '',
  });
  const queryClient = useQueryClient();
  // A save into a group from the popup: the open group's links load again, the new one at their top.
  useEffect(
    () => onBookmarksChanged(platform, () => void queryClient.invalidateQueries({ queryKey: groupKeys.allLinks })),
    [queryClient],
  );

  if (loading) return <CircularProgress aria-label="Loading workspace groups" sx={{ alignSelf: 'center' }} />;
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    );
  if (!group) return <EmptyState message={groupMessages.noGroups} />;

  return (
    <Stack spacing={2}>
      <GroupPicker groups={groups} value={groupId} onChange={setChosen} />
      {pages.error && (
        <Alert severity="error" role="alert">
          {pages.error}
        </Alert>
      )}
      {!pages.loading && !pages.error && pages.items.length === 0 && <EmptyState message={groupMessages.noLinks} />}
      {pages.loading && pages.items.length === 0 && (
        <CircularProgress aria-label="Loading links" sx={{ alignSelf: 'center' }} />
      )}
      {pages.items.length > 0 && (
        <GroupLinkItems
          label={`Links of ${group.name}`}
          links={pages.items}
          total={pages.total}
          loading={pages.loading}
          onLoadMore={pages.loadMore}
        />
      )}
    </Stack>
  );
}

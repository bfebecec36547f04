import type { GroupLinkPage } from '@linkhive/shared/domain';
import { groupMessages as m } from '@linkhive/shared/domain';
import { EmptyState } from '@linkhive/shared/ui';
import { Box, CircularProgress, LinearProgress, List, Pagination } from '@mui/material';
import { RetryAlert } from '../../components/RetryAlert';
import type { Phase } from './useGroups';
import { GroupLinkRow, type GroupLinkActions } from './GroupLinkRow';

interface Props extends GroupLinkActions {
  groupName: string;
  phase: Phase;
  data: GroupLinkPage | null;
  error: string | null;
  /** The settled search: an empty page then means no results rather than no links. */
  searching: boolean;
  isOwner: boolean;
  paid: boolean;
  canMove: boolean;
  onPageChange: (page: number) => void;
  onRetry: () => void;
}

/** One server page of the open group's links; the page on screen stays while the next one loads. */
export function GroupLinkList(props: Props) {
  const { groupName, phase, data, error, searching, onPageChange, onRetry, ...row } = props;
  if (phase === 'failed') return <RetryAlert message={error ?? m.somethingWrong} onRetry={onRetry} />;
  if (!data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading links" />
      </Box>
    );
  if (data.total === 0) return <EmptyState message={searching ? m.noResults : m.noLinks} />;
  const pages = Math.ceil(data.total / data.pageSize);
  return (
    <Box>
      <Box sx={{ height: 4 }}>{phase === 'loading' && <LinearProgress aria-label="Loading links" />}</Box>
      <List aria-label={`Links of ${groupName}`} aria-busy={phase === 'loading'}>
        {data.items.map((link) => (
          <GroupLinkRow key={link.id} link={link} {...row} />
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={data.page}
          onChange={(_e, n) => onPageChange(n)}
          aria-label="Link pages"
          sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
        />
      )}
    </Box>
  );
}

import type { GroupLink } from '@linkhive/shared/domain';
import { Favicon, RssFeedIcon, SearchSnippet, TitleLink } from '@linkhive/shared/ui';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface GroupLinkActions {
  onEdit: (link: GroupLink) => void;
  onMove: (link: GroupLink) => void;
  onDelete: (link: GroupLink) => void;
  onSeeFeed: (link: GroupLink) => void;
}

interface Props extends GroupLinkActions {
  link: GroupLink;
  isOwner: boolean;
  /** Paid plans read a link's feed. */
  paid: boolean;
  /** Another group the owner could move the link to. */
  canMove: boolean;
}

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * One link: its site icon, title (opening the site), category and address, and when a search found
 * it in its page, the passage where; owners also edit, move and delete.
 */
export function GroupLinkRow({ link, isOwner, paid, canMove, onEdit, onMove, onDelete, onSeeFeed }: Props) {
  return (
    // Wraps as the bookmark rows do: on a phone a long title leaves the buttons no room, so they move
    // to a line of their own at the right rather than off the screen (issue 26).
    <ListItem disableGutters sx={{ columnGap: 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      <Favicon src={`/api/favicons/${encodeURIComponent(link.domain)}`} />
      <Box sx={{ minWidth: 0, flex: '1 1 8rem' }}>
        <TitleLink title={link.title} href={link.link} />
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {link.category} · {link.link}
        </Typography>
        {link.snippet && <SearchSnippet snippet={link.snippet} />}
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0, ml: 'auto' }}>
        {paid && link.rssFeed && (
          <Action label="See RSS Feed" onClick={() => onSeeFeed(link)}>
            <RssFeedIcon fontSize="small" />
          </Action>
        )}
        {isOwner && (
          <>
            <Action label={`Edit ${link.title}`} onClick={() => onEdit(link)}>
              <EditIcon fontSize="small" />
            </Action>
            {canMove && (
              <Action label={`Move ${link.title}`} onClick={() => onMove(link)}>
                <DriveFileMoveIcon fontSize="small" />
              </Action>
            )}
            <Action label={`Delete ${link.title}`} onClick={() => onDelete(link)}>
              <DeleteIcon fontSize="small" />
            </Action>
          </>
        )}
      </Stack>
    </ListItem>
  );
}

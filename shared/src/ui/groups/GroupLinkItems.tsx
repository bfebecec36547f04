import { Button, Link, List, ListItem, ListItemText } from '@mui/material';
import type { GroupLink } from '../../domain/index.js';

export interface GroupLinkItemsProps {
  links: readonly GroupLink[];
  total: number;
  loading?: boolean;
  onLoadMore: () => void;
  /** Names the list for screen readers, e.g. the group's name. */
  label: string;
}

/** A group's links, read only, a page at a time: what a member sees (owners edit on the web). */
export function GroupLinkItems({ links, total, loading, onLoadMore, label }: GroupLinkItemsProps) {
  return (
    <>
      <List aria-label={label} dense>
        {links.map((l) => (
          <ListItem key={l.id} disableGutters>
            <ListItemText
              primary={
                <Link href={l.link} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                  {l.title}
                </Link>
              }
              secondary={`${l.category} · ${l.domain}`}
            />
          </ListItem>
        ))}
      </List>
      {links.length < total && (
        <Button onClick={onLoadMore} loading={loading}>
          Show more ({total - links.length})
        </Button>
      )}
    </>
  );
}

import type { Group } from '@linkhive/shared/domain';
import {
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useIsMobile } from '../../layout/media';

interface Props {
  groups: Group[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

const role = (g: Group) => (g.isOwner ? 'Owner' : 'Member');

/** The group filter: a list beside the links, or a select on a narrow screen. */
export function GroupPanel({ groups, activeId, onSelect }: Props) {
  const mobile = useIsMobile();
  if (mobile)
    return (
      <TextField
        select
        label="Group"
        value={activeId ?? ''}
        onChange={(e) => onSelect(e.target.value)}
        fullWidth
        size="small"
      >
        {groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.name} ({role(g)})
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Paper variant="outlined" component="nav" aria-labelledby="workspace-groups-title">
      <Typography id="workspace-groups-title" variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
        Groups
      </Typography>
      <List dense>
        {groups.map((g) => (
          <ListItem key={g.id} disablePadding>
            <ListItemButton
              selected={g.id === activeId}
              aria-current={g.id === activeId ? 'true' : undefined}
              onClick={() => onSelect(g.id)}
            >
              <ListItemText
                primary={g.name}
                secondary={`${g.linkCount} ${g.linkCount === 1 ? 'link' : 'links'} · ${g.memberCount} ${g.memberCount === 1 ? 'member' : 'members'}`}
                slotProps={{ primary: { noWrap: true } }}
              />
              <Chip
                label={role(g)}
                size="small"
                color={g.isOwner ? 'primary' : 'default'}
                // Filled: an outlined primary label on the selected row's tint falls short of 4.5:1.
                variant="filled"
                sx={{ ml: 1 }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

import { MenuItem, TextField } from '@mui/material';
import type { Group } from '../../domain/index.js';

export interface GroupPickerProps {
  groups: readonly Pick<Group, 'id' | 'name' | 'isOwner'>[];
  value: string;
  onChange: (groupId: string) => void;
}

/** Chooses which workspace group to look at; the user's role is said beside each name. */
export function GroupPicker({ groups, value, onChange }: GroupPickerProps) {
  return (
    <TextField select label="Group" value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {g.name} ({g.isOwner ? 'owner' : 'member'})
        </MenuItem>
      ))}
    </TextField>
  );
}

import { TextField } from '@mui/material';

export interface SaveTarget {
  id: string;
  name: string;
}

export interface SaveTargetSelectProps {
  /** Groups the user owns: only owners add links to a group. */
  groups: readonly SaveTarget[];
  /** '' for the user's own bookmarks, else a group's id. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export const ownBookmarksLabel = 'My bookmarks';
export const workspaceGroupsLabel = 'Workspace groups';

/**
 * Where a new link goes: the user's bookmarks, or one of the workspace groups they own (a second
 * section of the list). The category is still picked as usual; in a group it is the link's category.
 * A native select: its optgroup is a real group to screen readers (MUI's menu makes a subheader an
 * option) and it fits the extension's narrow popup.
 */
export function SaveTargetSelect({ groups, value, onChange, disabled }: SaveTargetSelectProps) {
  return (
    <TextField
      select
      label="Save to"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{ownBookmarksLabel}</option>
      <optgroup label={workspaceGroupsLabel}>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </optgroup>
    </TextField>
  );
}

import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { LayoutPreference } from '../../domain/index.js';
import { ViewGridIcon, ViewListIcon } from './icons.js';

export interface LayoutToggleProps {
  value: LayoutPreference;
  onChange: (layout: LayoutPreference) => void;
}

export function LayoutToggle({ value, onChange }: LayoutToggleProps) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label="Layout"
      // A click on the pressed button would deselect it; the layout always has a value.
      onChange={(_event, next: LayoutPreference | null) => next && next !== value && onChange(next)}
    >
      <ToggleButton value="list" aria-label="List view">
        <ViewListIcon />
      </ToggleButton>
      <ToggleButton value="grid" aria-label="Grid view">
        <ViewGridIcon />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

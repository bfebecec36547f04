import { Box, FormControlLabel, Switch } from '@mui/material';
import type { SearchScope } from '../../domain/index.js';
import { SearchBox } from './FilterPanel.js';

/** Search everywhere (titles, addresses, the saved pages' text) or in titles only. */
export function SearchScopeSwitch({ value, onChange }: { value: SearchScope; onChange: (scope: SearchScope) => void }) {
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={value === 'title'}
          onChange={(e) => onChange(e.target.checked ? 'title' : 'all')}
        />
      }
      label="Titles only"
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
    />
  );
}

export interface ScopedSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  scope: SearchScope;
  onScopeChange: (scope: SearchScope) => void;
  /** What a search finds everywhere, as the placeholder says it. */
  placeholder: string;
  /** The box's name: what it searches. */
  label?: string;
}

/** A page's bookmark (or link) search with its Titles only switch beside it (under it on a phone). */
export function ScopedSearchBox({
  value,
  onChange,
  scope,
  onScopeChange,
  placeholder,
  label = 'Search bookmarks',
}: ScopedSearchBoxProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 2, rowGap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <SearchBox
          value={value}
          onChange={onChange}
          label={label}
          placeholder={scope === 'title' ? 'Words in the title' : placeholder}
        />
      </Box>
      <SearchScopeSwitch value={scope} onChange={onScopeChange} />
    </Box>
  );
}

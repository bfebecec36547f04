import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { capitaliseFirst } from '../../domain/index.js';
import type { CategoryMode } from './useBookmarkDraft.js';

export interface CategoryPickerProps {
  mode: CategoryMode;
  onModeChange: (mode: CategoryMode) => void;
  /** The picked category in 'pick' mode, the typed one in 'custom' mode. */
  value: string;
  onChange: (value: string) => void;
  /** The user's own categories, most recent first. */
  categories: readonly string[];
  /** The suggested list; names the user already has are shown once, among their own. */
  suggested: readonly string[];
  error?: string;
  disabled?: boolean;
}

const ownGroup = 'Your categories';
const suggestedGroup = 'Suggested';

/** Picks one of the user's or the suggested categories, or switches to typing a new one. */
export function CategoryPicker(props: CategoryPickerProps) {
  const { mode, onModeChange, value, onChange, categories, suggested, error, disabled } = props;
  // Focus follows the switch so that keyboard users land in the field they asked for, but the
  // picker does not grab focus when the form first opens.
  const [switched, setSwitched] = useState(false);

  const { options, own } = useMemo(() => {
    const own = new Set<string>();
    const seen = new Set<string>();
    const options: string[] = [];
    const add = (name: string, mine: boolean) => {
      const key = name.toLocaleLowerCase();
      if (!name || seen.has(key)) return;
      seen.add(key);
      options.push(name);
      if (mine) own.add(name);
    };
    categories.forEach((c) => add(c, true));
    suggested.forEach((c) => add(c, false));
    // A value from outside both lists (a bookmark whose category the host has not loaded yet) is
    // still a valid pick, so it joins the user's own.
    if (mode === 'pick' && value && !options.includes(value)) {
      options.push(value);
      own.add(value);
    }
    // Autocomplete groups neighbouring options only, so the user's own come first together.
    options.sort((a, b) => Number(own.has(b)) - Number(own.has(a)));
    return { options, own };
  }, [categories, suggested, value, mode]);

  const toggle = () => {
    setSwitched(true);
    onModeChange(mode === 'pick' ? 'custom' : 'pick');
  };

  return (
    // In a narrow host (the extension's popup) the button wraps below rather than squeezing the name.
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1 }}>
      {mode === 'pick' ? (
        <Autocomplete
          sx={{ flex: '1 1 240px' }}
          options={options}
          groupBy={(option) => (own.has(option) ? ownGroup : suggestedGroup)}
          value={value || null}
          onChange={(_event, next) => onChange(next ?? '')}
          disabled={disabled}
          autoHighlight
          renderInput={(params) => (
            <TextField {...params} label="Category" error={Boolean(error)} helperText={error} autoFocus={switched} />
          )}
        />
      ) : (
        <TextField
          sx={{ flex: '1 1 240px' }}
          label="Custom category"
          value={value}
          onChange={(event) => onChange(capitaliseFirst(event.target.value))}
          error={Boolean(error)}
          helperText={error}
          disabled={disabled}
          autoFocus={switched}
          autoComplete="off"
        />
      )}
      <Button onClick={toggle} disabled={disabled} sx={{ mt: 1, flexShrink: 0 }}>
        {mode === 'pick' ? 'New category' : 'Pick a category'}
      </Button>
    </Box>
  );
}

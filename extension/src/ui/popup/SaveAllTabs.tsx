import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { fallbackCategory } from '../../core/config';
import { askBackground } from '../../core/messages';
import type { SaveAllSummary } from '../../core/saveAllTabs';
import { platform } from '../extension';
import { pageTexts } from '../texts';
import { useCategoryLists } from '../useCategoryLists';

/**
 * "Save all tabs": every web tab of the popup's window into one category, through the worker (it
 * finishes if the popup closes). Closed until asked for, so it costs the one-click popup nothing.
 */
export function SaveAllTabs({ windowId, defaultCategory }: { windowId: number; defaultCategory: string | null }) {
  const [open, setOpen] = useState(false);
  // Loaded when opened: the one-click popup does not wait on it.
  const lists = useCategoryLists(open);
  const [category, setCategory] = useState(defaultCategory ?? fallbackCategory);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const choices = [...new Set([category, ...lists.own, fallbackCategory])];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const summary: SaveAllSummary = await askBackground(platform, { type: 'save-all-tabs', windowId, category });
      setResult({ ok: summary.refused === 0, message: summary.message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {pageTexts.saveAllTabs}
      </Button>
    );
  return (
    <Box component="form" aria-label={pageTexts.saveAllTabs} onSubmit={submit}>
      <Stack spacing={1}>
        <TextField
          select
          size="small"
          label={pageTexts.saveAllInto}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          autoFocus
        >
          {choices.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" size="small" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          {pageTexts.saveAllTabs}
        </Button>
        {result && (
          <Alert severity={result.ok ? 'success' : 'warning'} role="status">
            {result.message}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

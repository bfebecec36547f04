import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { writeSettings } from '../../core/settings';
import { platform } from '../extension';
import { pageTexts } from '../texts';

/** One click saves (the default) or the popup asks first, with the form, as it used to. */
export function AskFirstSection({ askFirst }: { askFirst: boolean }) {
  const help = useId();
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={askFirst}
            onChange={(e) => void writeSettings(platform, { askFirst: e.target.checked })}
            slotProps={{ input: { 'aria-describedby': help } }}
          />
        }
        label={pageTexts.askFirstLabel}
      />
      <Typography id={help} variant="body2" color="text.secondary">
        {pageTexts.askFirstHelp}
      </Typography>
    </Stack>
  );
}

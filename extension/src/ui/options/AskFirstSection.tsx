import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { writeSettings } from '../../core/settings';
import { platform } from '../extension';
import { pageTexts } from '../texts';

/** One click saves (the default) or the popup asks first, with the form, as it used to. */
export function AskFirstSection({ askFirst }: { askFirst: boolean }) {
  const help = useId();
  // Shown at once, not after the round trip through storage that brings the setting back.
  const [on, setOn] = useState(askFirst);
  useEffect(() => setOn(askFirst), [askFirst]);
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) => {
              setOn(e.target.checked);
              void writeSettings(platform, { askFirst: e.target.checked });
            }}
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

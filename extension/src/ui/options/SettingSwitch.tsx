import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { writeSettings, type Settings } from '../../core/settings';
import { platform } from '../extension';

/** The settings a switch turns on and off. */
type OnOff = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

/** One of the options page's on/off settings, with its explanation read out with the switch. */
export function SettingSwitch(props: { setting: OnOff; value: boolean; label: string; help: string }) {
  const help = useId();
  // Shown at once, not after the round trip through storage that brings the setting back.
  const [on, setOn] = useState(props.value);
  useEffect(() => setOn(props.value), [props.value]);
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) => {
              setOn(e.target.checked);
              void writeSettings(platform, { [props.setting]: e.target.checked });
            }}
            slotProps={{ input: { 'aria-describedby': help } }}
          />
        }
        label={props.label}
      />
      <Typography id={help} variant="body2" color="text.secondary">
        {props.help}
      </Typography>
    </Stack>
  );
}

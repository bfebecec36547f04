import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { ApiError, categoryTabColorDefaults, nameSchema, profileMessages } from '../../domain/index.js';
import type { Profile } from '../../domain/index.js';
import { useNotify } from '../notifyContext.js';
import { useFirstErrorFocus } from '../useFirstErrorFocus.js';
import { validate } from '../validation.js';
import { FormFailure } from './FormFailure.js';
import { PhotoPicker } from './PhotoPicker.js';
import { TabColorPicker } from './TabColorPicker.js';
import { failureMessage } from './failureMessage.js';

export interface ProfileUpdate {
  displayName: string;
  /** A checked PNG to upload, or null to keep the current picture. */
  photo: File | null;
}

export interface ProfileFormProps {
  profile: Profile;
  /** Saves the name and uploads the picture. 'Profile updated' or 'Update failed' is raised through useNotify. */
  onSubmit: (update: ProfileUpdate) => Promise<unknown>;
  /** Saves the tab colour on its own, a moment after it changes. */
  onSaveTabColor: (color: string) => Promise<unknown>;
  defaultTabColor?: string;
}

const profileFormSchema = z.object({ displayName: nameSchema });

/** The 'Default profile' panel of the profile page. */
export function ProfileForm({ profile, onSubmit, onSaveTabColor, defaultTabColor }: ProfileFormProps) {
  const notify = useNotify();
  const headingId = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [nameError, setNameError] = useState<string | undefined>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorFocus = useFirstErrorFocus();

  const submit = errorFocus.submitting(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const result = validate(profileFormSchema, { displayName });
    setNameError(result.fieldErrors.displayName);
    if (!result.data) return;
    setSubmitting(true);
    try {
      await onSubmit({ displayName: result.data.displayName, photo });
      setPhoto(null);
      notify({ title: profileMessages.updatedTitle, message: profileMessages.updated, severity: 'success' });
    } catch (error) {
      // The server's refusal of the name goes under the name, where the focus then goes.
      if (error instanceof ApiError && error.field === 'displayName') setNameError(error.message);
      else setFailure(failureMessage(error, profileMessages.updateFailed));
      notify({ message: profileMessages.updateFailed, severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Box component="form" ref={errorFocus.ref} noValidate aria-labelledby={headingId} onSubmit={submit}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          Default profile
        </Typography>
        <PhotoPicker current={profile.photoURL} file={photo} onChange={setPhoto} name={displayName} />
        <TextField
          label="Display name"
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            setNameError(undefined);
          }}
          error={Boolean(nameError)}
          helperText={nameError}
          autoComplete="name"
          fullWidth
        />
        <TextField
          label="Email"
          type="email"
          value={profile.email}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText="The email address cannot be changed here."
        />
        <TabColorPicker
          value={profile.settings.categoryTabColor}
          defaultColor={defaultTabColor ?? categoryTabColorDefaults.profile}
          onSave={onSaveTabColor}
        />
        <FormFailure message={failure} />
        <Box>
          <Button type="submit" variant="contained" loading={submitting}>
            Update profile
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

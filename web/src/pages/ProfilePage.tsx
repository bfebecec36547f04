import type { Profile } from '@linkhive/shared/domain';
import { categoryTabColorDefaults } from '@linkhive/shared/domain';
import { ProfileForm, type ProfileUpdate } from '@linkhive/shared/ui';
import { Avatar, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useTabColor } from '../bookmarks/useTabColor';
import { useSession } from '../session/store';
import { SectionPage } from './SectionPage';

export function ProfilePage() {
  const me = useSession((s) => s.me);
  const refresh = useSession((s) => s.refresh);
  const [profile, setProfile] = useState<Profile | null>(null);
  const tab = useTabColor('profile');

  useEffect(() => {
    void api.profile.get().then(setProfile);
  }, []);

  if (!me) return null;
  const name = me.profile.displayName || me.user.firstName;

  async function save(update: ProfileUpdate) {
    let next = await api.profile.update({ displayName: update.displayName });
    if (update.photo) next = await api.profile.uploadPhoto(update.photo, update.photo.name);
    setProfile(next);
    await refresh();
  }

  return (
    <SectionPage title="Profile">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={me.profile.photoURL ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }}>
          {name.trim()[0]?.toUpperCase()}
        </Avatar>
        <div>
          <Typography component="h2" variant="h6">
            {name}
          </Typography>
          <Typography color="text.secondary">{me.user.email}</Typography>
        </div>
      </Stack>
      {profile ? (
        <ProfileForm
          profile={profile}
          onSubmit={save}
          onSaveTabColor={async (color) => {
            await tab.save(color);
            setProfile((p) => (p ? { ...p, settings: { ...p.settings, categoryTabColor: color } } : p));
          }}
          defaultTabColor={categoryTabColorDefaults.profile}
        />
      ) : (
        <CircularProgress aria-label="Loading your profile" />
      )}
    </SectionPage>
  );
}

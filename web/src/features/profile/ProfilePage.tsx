import type { Profile } from '@linkhive/shared/domain';
import { categoryTabColorDefaults } from '@linkhive/shared/domain';
import { ProfileForm, type ProfileUpdate } from '@linkhive/shared/ui';
import { Alert, Avatar, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { SubscriptionBox } from '../billing/SubscriptionBox';
import { ExportButton } from '../bookmarks/ExportButton';
import { useTabColor } from '../bookmarks/useTabColor';
import { PlanChooser } from '../plans/PlanChooser';
import { useSession } from '../../session/store';
import { AdvertiserPanel } from '../adverts/AdvertiserPanel';
import { KeepCopiesSetting } from '../copies/KeepCopiesSetting';
import { SectionPage } from '../../layout/SectionPage';
import { profileKeys } from './queries';
import { ApiTokensSection } from '../tokens/ApiTokensSection';
import { BookmarkletCard } from './BookmarkletCard';

export function ProfilePage() {
  const me = useSession((s) => s.me);
  const refresh = useSession((s) => s.refresh);
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: profileKeys.profile, queryFn: () => api.profile.get() });
  const profile = loaded.data ?? null;
  const loadError = loaded.error?.message ?? null;
  const setProfile = (update: (p: Profile | undefined) => Profile | undefined) =>
    queryClient.setQueryData<Profile>(profileKeys.profile, update);
  const tab = useTabColor('profile');

  if (!me) return null;
  const name = me.profile.displayName || me.user.firstName;

  async function save(update: ProfileUpdate) {
    let next = await api.profile.update({ displayName: update.displayName });
    if (update.photo) next = await api.profile.uploadPhoto(update.photo, update.photo.name);
    setProfile(() => next);
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
      <SubscriptionBox />
      <Box component="section" aria-labelledby="profile-plans-title" sx={{ mt: 3, mb: 5 }}>
        <Typography id="profile-plans-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          Plans
        </Typography>
        <PlanChooser headingLevel="h3" />
      </Box>
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
      ) : loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : (
        <CircularProgress aria-label="Loading your profile" />
      )}
      {me.permissions.advertiser && <AdvertiserPanel />}
      <Box component="section" aria-labelledby="profile-export-title" sx={{ mt: 5 }}>
        <Typography id="profile-export-title" component="h2" variant="h6">
          Your bookmarks
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Download all your bookmarks as one file, with your categories as folders. Any browser can import it.
        </Typography>
        <ExportButton label="Export bookmarks" />
      </Box>
      <BookmarkletCard />
      {profile && <KeepCopiesSetting profile={profile} onChange={(next) => setProfile(() => next)} />}
      <ApiTokensSection />
    </SectionPage>
  );
}

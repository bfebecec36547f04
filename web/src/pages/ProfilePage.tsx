import { Avatar, Stack, Typography } from '@mui/material';
import { useSession } from '../session/store';
import { SectionPage, SectionText } from './SectionPage';

export function ProfilePage() {
  const me = useSession((s) => s.me);
  if (!me) return null;
  const name = me.profile.displayName || me.user.firstName;
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
      <SectionText>Your profile settings and subscription will appear here.</SectionText>
    </SectionPage>
  );
}

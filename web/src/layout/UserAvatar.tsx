import { Avatar, IconButton } from '@mui/material';
import type { Me } from '@linkhive/shared/domain';

function initial(me: Me): string {
  const name = me.profile.displayName || me.user.firstName || me.user.email;
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** The signed-in user's picture, or the first letter of their name, opening the profile. */
export function UserAvatar({ me }: { me: Me }) {
  return (
    <IconButton href="/profile" aria-label="Open profile" sx={{ p: 0.5 }}>
      <Avatar src={me.profile.photoURL ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
        {initial(me)}
      </Avatar>
    </IconButton>
  );
}

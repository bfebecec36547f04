import { authMessages } from '@linkhive/shared/domain';
import { List, ListItem, ListItemButton, ListItemText, Paper } from '@mui/material';
import { Outlet } from 'react-router';
import { useSession } from '../../session/store';
import { SectionPage, SectionText } from '../../layout/SectionPage';

/** Admin routes render only for admins; everyone else reads the spec's refusal. */
export function RequireAdmin() {
  const me = useSession((s) => s.me);
  if (!me?.permissions.admin) {
    return (
      <SectionPage title={authMessages.notAuthorised}>
        <SectionText>This page is for administrators.</SectionText>
      </SectionPage>
    );
  }
  return <Outlet />;
}

export function AdminHomePage() {
  return (
    <SectionPage title="Administration">
      <Paper variant="outlined" sx={{ maxWidth: 480 }}>
        <List aria-label="Admin tasks">
          <ListItem disablePadding>
            <ListItemButton href="/admin/approve-adverts">
              <ListItemText primary="Approve adverts" secondary="Review promo pages waiting for approval" />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton href="/admin/users">
              <ListItemText primary="Users" secondary="Find a user by email, see their plan and set permissions" />
            </ListItemButton>
          </ListItem>
        </List>
      </Paper>
    </SectionPage>
  );
}

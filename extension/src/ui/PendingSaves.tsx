import { Alert, Box, Button, List, ListItem, ListItemText } from '@mui/material';
import { extensionMessages } from '@linkhive/shared/domain';
import { useState } from 'react';
import { askBackground } from '../core/messages';
import { platform } from './extension';
import { MessageWithUpdate } from './UpdateLink';
import { usePendingSaves } from './usePendingSaves';

/** Saves that wait for the server, with why, and a way to send them now. */
export function PendingSaves() {
  const queue = usePendingSaves();
  const [sending, setSending] = useState(false);
  if (queue.length === 0) return null;
  const send = async () => {
    setSending(true);
    try {
      await askBackground(platform, { type: 'flush' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Box component="section" aria-label="Pending saves">
      <Alert
        severity="warning"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={send} loading={sending}>
            Send now
          </Button>
        }
      >
        {extensionMessages.pendingSaves(queue.length)}
        <List dense disablePadding>
          {queue.map((item) => (
            <ListItem key={item.id} disableGutters>
              <ListItemText
                primary={`${item.title} (${item.category})`}
                secondary={item.problem && <MessageWithUpdate message={item.problem} />}
                slotProps={{ primary: { noWrap: true }, secondary: { variant: 'caption' } }}
              />
            </ListItem>
          ))}
        </List>
      </Alert>
    </Box>
  );
}

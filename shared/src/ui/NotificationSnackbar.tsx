import { Alert, Button, Snackbar } from '@mui/material';
import type { ShownNotification } from './notifyContext.js';

export interface NotificationSnackbarProps {
  shown: ShownNotification | null;
  open: boolean;
  onClose: () => void;
}

export function NotificationSnackbar({ shown, open, onClose }: NotificationSnackbarProps) {
  return (
    <Snackbar
      key={shown?.key}
      open={open}
      autoHideDuration={shown?.duration ?? 6000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="notification"
        severity={shown?.severity ?? 'info'}
        variant="filled"
        onClose={onClose}
        action={
          shown?.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                shown.action!.onClick();
                onClose();
              }}
            >
              {shown.action.label}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%' }}
      >
        {shown?.title ? <strong>{shown.title}: </strong> : null}
        {shown?.message}
      </Alert>
    </Snackbar>
  );
}

import { siteMessages } from '@linkhive/shared/domain';
import { Button } from '@mui/material';
import { useState } from 'react';
import { BottomNotice } from './BottomNotice';
import { useAppUpdate } from './updateStore';

/** Offers the waiting version of the app: Update reloads into it, Cancel keeps the current one. */
export function UpdatePrompt() {
  const { waiting, apply, dismiss } = useAppUpdate();
  const [updating, setUpdating] = useState(false);
  if (!waiting) return null;
  return (
    <BottomNotice
      title="Update available"
      text={siteMessages.updatePrompt}
      actions={
        <>
          <Button onClick={dismiss} color="inherit">
            Cancel
          </Button>
          <Button
            variant="contained"
            loading={updating}
            onClick={() => {
              setUpdating(true);
              void apply?.();
            }}
          >
            Update
          </Button>
        </>
      }
    />
  );
}

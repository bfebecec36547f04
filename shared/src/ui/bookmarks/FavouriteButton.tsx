import { useState } from 'react';
import { ActionButton } from './ActionButton.js';
import { StarBorderIcon, StarIcon } from './icons.js';

export interface FavouriteButtonProps {
  favourite: boolean;
  /** Reporting a failure ('Favourite saved' / 'Favourite removed' or an error) is the host's part. */
  onToggle: () => Promise<unknown> | void;
}

/** 'Add to Favorites' or 'Remove from Favorites' (the spec's spelling), idle while the change is saved. */
export function FavouriteButton({ favourite, onToggle }: FavouriteButtonProps) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await onToggle();
    } catch {
      // The host has reported it; the star simply stays as the data says.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionButton label={favourite ? 'Remove from Favorites' : 'Add to Favorites'} onClick={toggle} disabled={busy}>
      {favourite ? <StarIcon sx={{ color: '#ffb20f' }} /> : <StarBorderIcon />}
    </ActionButton>
  );
}

import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

export interface ActionButtonProps {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}

/** An icon button with its name as a tooltip; the span keeps the tooltip working while disabled. */
export function ActionButton({ label, onClick, disabled, children }: ActionButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

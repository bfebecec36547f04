import type { AdvertThreat } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { Chip, type ChipProps } from '@mui/material';

// MUI's warning and info colours on white, or white on them, fall short of 4.5:1 for small text:
// those chips get dark text on a light fill instead.
const warning: ChipProps = { sx: { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' } };
const styles: Record<AdvertThreat['status'], ChipProps> = {
  clean: { color: 'success', variant: 'outlined' },
  pending: { variant: 'outlined' },
  // Approving without a check is allowed, so the admin must see at a glance that none was made.
  not_checked: warning,
  failed: warning,
  flagged: { color: 'error' },
};

/** The threat check of an advert's address, with the matched threat types when it was flagged. */
export function ThreatChip({ threat }: { threat: AdvertThreat }) {
  const label = advertMessages.threatLabels[threat.status];
  const flagged = threat.status === 'flagged' && threat.types.length > 0;
  return (
    <Chip
      size="small"
      {...styles[threat.status]}
      label={flagged ? `${label}: ${threat.types.join(', ')}` : label}
      data-threat={threat.status}
    />
  );
}

import { useMediaQuery } from '@mui/material';
import { mobileBreakpointPx } from '@linkhive/shared/domain';

/** The spec's mobile layout: a width of 600 px or less. */
export const mobileQuery = `@media (max-width:${mobileBreakpointPx}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery.replace('@media ', ''), { noSsr: true });
}

import { promoLimits } from '@linkhive/shared/domain';
import type { PromoStats } from '@linkhive/shared/domain';
import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { promoKeys } from './queries';

const figures: { key: keyof Omit<PromoStats, 'days'>; label: string }[] = [
  { key: 'views', label: 'Page views' },
  { key: 'newFollowers', label: 'New followers' },
  { key: 'qrScans', label: 'QR scans' },
];

/** The owner's figures for the last 30 days. */
export function StatsPanel({ slug }: { slug: string }) {
  const query = useQuery({
    queryKey: promoKeys.stats(slug),
    queryFn: () => api.promo.stats(slug),
    // Opened again, the figures load afresh behind their placeholders rather than show old ones.
    gcTime: 0,
  });
  const stats = query.data ?? null;
  const error = query.error?.message ?? null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="promo-stats-title"
      aria-busy={!stats && !error}
      sx={{ p: 2 }}
    >
      <Typography id="promo-stats-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Last {stats?.days ?? promoLimits.statsDays} days
      </Typography>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}>
          {figures.map(({ key, label }) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`stat-${key}`}>
                {stats ? stats[key] : <Skeleton width={32} aria-hidden />}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

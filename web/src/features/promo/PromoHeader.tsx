import type { PromoPage } from '@linkhive/shared/domain';
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

const cssUrl = (path: string) => `url("${path.replace(/["\\\n]/g, encodeURIComponent)}")`;

/** The banner, logo, title, category and follower count, with the page's actions under them. */
export function PromoHeader({ page, children }: { page: PromoPage; children: ReactNode }) {
  const { advert, followers } = page;
  return (
    <Box component="header">
      {/* Decorative: the logo and title below say whose page it is. */}
      <Box
        aria-hidden
        data-testid="promo-banner"
        sx={{
          height: { xs: 140, sm: 220 },
          borderRadius: { sm: 2 },
          bgcolor: 'primary.dark',
          backgroundImage: advert.background
            ? cssUrl(advert.background)
            : 'linear-gradient(135deg, #1976d2 0%, #0d47a1 60%, #ffb20f 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ px: { xs: 2, sm: 3 }, mt: { xs: -5, sm: -6 }, alignItems: { sm: 'flex-end' } }}
      >
        <Avatar
          src={advert.logo ?? undefined}
          alt={advert.logo ? `Logo of ${advert.title}` : undefined}
          variant="rounded"
          sx={{
            width: { xs: 88, sm: 112 },
            height: { xs: 88, sm: 112 },
            border: 4,
            borderColor: 'background.paper',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 40,
          }}
        >
          {advert.title.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, pb: { sm: 0.5 } }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {advert.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Chip label={advert.category} size="small" />
            <Typography variant="body2" color="text.secondary" data-testid="follower-count">
              {followers === 1 ? '1 follower' : `${followers} followers`}
            </Typography>
          </Stack>
        </Box>
      </Stack>
      <Box sx={{ px: { xs: 2, sm: 3 }, mt: 2 }}>{children}</Box>
    </Box>
  );
}

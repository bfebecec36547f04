import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import ShareIcon from '@mui/icons-material/Share';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { Advert } from '@linkhive/shared/domain';
import { promoPath } from '@linkhive/shared/domain';
import { Avatar, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';

export interface PromoCardProps {
  advert: Advert;
  /** True while the share link is being made, so a second click does not start another. */
  adding: boolean;
  onAdd: (advert: Advert) => void;
  onShare: (advert: Advert) => void;
}

/** One promotor in the landing page's carousel: who they are, the preview of their description and what to do. */
export function PromoCard({ advert, adding, onAdd, onShare }: PromoCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar
          src={advert.logo ?? undefined}
          alt={advert.logo ? `Logo of ${advert.title}` : undefined}
          variant="rounded"
          sx={{ width: 56, height: 56, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {advert.title.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {advert.title}
          </Typography>
          <Chip label={advert.category} size="small" />
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {advert.summary}
      </Typography>
      {/* The visible word starts each name, so speech input finds the button by what it shows. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          startIcon={<BookmarkAddIcon />}
          onClick={() => onAdd(advert)}
          disabled={adding}
          aria-label={`Add ${advert.title}`}
        >
          Add
        </Button>
        <Button
          size="small"
          startIcon={<ShareIcon />}
          onClick={() => onShare(advert)}
          aria-label={`Share ${advert.title}`}
        >
          Share
        </Button>
        <Button
          size="small"
          href={promoPath(advert.slug)}
          startIcon={<StorefrontIcon />}
          aria-label={`Visit ${advert.title}`}
        >
          Visit
        </Button>
      </Stack>
    </Paper>
  );
}

import type { Advert } from '@linkhive/shared/domain';
import { Avatar, Box, Chip, Link, Typography } from '@mui/material';

/**
 * The advert as its promo page shows it. The description is the server's sanitised HTML, the only
 * copy a client ever receives (domain/adverts.ts): it is rendered from the API answer and nothing else.
 */
export function AdvertPreview({ advert }: { advert: Advert }) {
  return (
    <Box component="article" aria-label={`Preview of ${advert.title}`}>
      <Box sx={{ height: 160, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
        {advert.background && (
          <Box
            component="img"
            src={advert.background}
            alt={`Background of ${advert.title}`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mt: -5, px: 2 }}>
        <Avatar
          src={advert.logo ?? undefined}
          alt={advert.logo ? `Logo of ${advert.title}` : undefined}
          variant="rounded"
          sx={{ width: 88, height: 88, border: 3, borderColor: 'background.paper', bgcolor: 'secondary.main' }}
        >
          {advert.title.charAt(0).toUpperCase()}
        </Avatar>
      </Box>
      <Typography component="h3" variant="h5" sx={{ mt: 1 }}>
        {advert.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}>
        <Chip label={advert.category} size="small" />
        <Link href={advert.link} target="_blank" rel="noopener noreferrer nofollow" sx={{ wordBreak: 'break-all' }}>
          {advert.link}
        </Link>
      </Box>
      <Box
        data-testid="advert-description"
        sx={{ '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }}
        dangerouslySetInnerHTML={{ __html: advert.description }}
      />
    </Box>
  );
}

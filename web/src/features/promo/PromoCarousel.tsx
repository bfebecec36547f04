import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import SearchIcon from '@mui/icons-material/Search';
import type { Advert } from '@linkhive/shared/domain';
import { Alert, Box, Button, InputAdornment, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { Carousel } from '../../components/Carousel';
import { useAdvertSearch } from './useAdvertSearch';
import { PromoCard } from './PromoCard';
import { usePromoActions } from './usePromoActions';

/** As many cards a slide as the width holds: one on a phone, two on a tablet, three from md up. */
function useCardsPerSlide(): number {
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const sm = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  return md ? 3 : sm ? 2 : 1;
}

function inSlides<T>(items: T[], size: number): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

const cardGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } };

/**
 * The landing page's 'Promotors': approved adverts, newest first as the server sends them, searched
 * on the server as the visitor types, rotating like the hero. The landing page hands in the interval:
 * importing the shared constants here too makes the bundler split them into a file of their own,
 * one more request on the landing page's first load.
 */
export function PromoCarousel({ intervalMs }: { intervalMs: number }) {
  const [text, setText] = useState('');
  const search = useAdvertSearch(text);
  const perSlide = useCardsPerSlide();
  const actions = usePromoActions();

  const card = (advert: Advert) => (
    <PromoCard
      key={advert.id}
      advert={advert}
      adding={actions.adding === advert.slug}
      onAdd={actions.add}
      onShare={actions.share}
    />
  );
  const slides = inSlides(search.items ?? [], perSlide).map((group) => ({
    key: group.map((a) => a.id).join(' '),
    content: <Box sx={cardGrid}>{group.map(card)}</Box>,
  }));

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          label="Search promotors"
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button href="/promote" variant="contained" startIcon={<AddBusinessIcon />} sx={{ ml: { sm: 'auto' } }}>
          Create Advert
        </Button>
      </Stack>
      <Box aria-busy={search.loading}>
        {search.failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={search.retry}>
                Try again
              </Button>
            }
          >
            The promotors could not be loaded.
          </Alert>
        ) : search.items === null ? (
          <Box sx={cardGrid} aria-label="Loading promotors" role="progressbar">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={220} />
            ))}
          </Box>
        ) : (
          <>
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {status(search.items.length, search.query)}
            </Typography>
            {slides.length > 0 && <Carousel label="Promotor cards" slides={slides} intervalMs={intervalMs} />}
          </>
        )}
      </Box>
    </Stack>
  );
}

function status(count: number, query: string): string {
  if (count === 0)
    return query ? `No promotor matches “${query}”.` : 'No promotors yet. Be the first: create an advert.';
  const found = count === 1 ? '1 promotor' : `${count} promotors`;
  return query ? `${found} matching “${query}”` : found;
}

import { carouselIntervalMs } from '@linkhive/shared/domain';
import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { Carousel } from '../../components/Carousel';
import { useSession } from '../../session/store';
import { heroSlides } from './heroSlides';
import { WatchVideoButton } from './WatchVideoButton';

const slides = heroSlides.map((slide) => ({
  key: slide.key,
  content: (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ fontSize: 48, lineHeight: 1, color: 'secondary.main' }}>
        {slide.icon}
      </Box>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {slide.title}
      </Typography>
      <Typography>{slide.text}</Typography>
      <Link href={slide.link.href} color="inherit" sx={{ fontWeight: 600 }}>
        {slide.link.label}
      </Link>
    </Stack>
  ),
}));

export function Hero() {
  const me = useSession((s) => s.me);
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, sm: 8 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <div>
            <Typography component="h1" variant="h2" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: 40, sm: 56 } }}>
              Linkhive
            </Typography>
            <Typography variant="h6" component="p" sx={{ mb: 4, fontWeight: 400 }}>
              The bookmark manager that lives in your browser toolbar. Save links into categories, keep favourites, find
              anything in seconds and share with your team.
            </Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {me ? (
                <Button href="/categories" variant="contained" color="secondary" size="large">
                  Go to my categories
                </Button>
              ) : (
                <>
                  <Button href="/signup" variant="contained" color="secondary" size="large">
                    Sign Up
                  </Button>
                  <Button href="/login" variant="outlined" color="inherit" size="large">
                    Login
                  </Button>
                </>
              )}
              <WatchVideoButton />
            </Stack>
          </div>
          <Carousel label="Highlights" slides={slides} intervalMs={carouselIntervalMs} />
        </Box>
      </Container>
    </Box>
  );
}

import { Box, Button, Container, Grid, Paper, Stack, Typography } from '@mui/material';
import { useSession } from '../session/store';
import { usePageTitle } from './usePageTitle';

const features = [
  {
    title: 'Save from the toolbar',
    text: 'Save the page you are on into a category with the Chrome or Edge extension.',
  },
  { title: 'Categories and favourites', text: 'Keep links in named categories and pin favourites with a screenshot.' },
  { title: 'Import and search', text: 'Bring in your browser bookmarks and search everything you saved.' },
  { title: 'Teams and promo pages', text: 'Share links in workspace groups and publish a free promo page.' },
];

const plans = [
  { name: 'Free', text: 'Unlimited personal bookmarks, a promo page and the extension.' },
  {
    name: 'Pro',
    text: 'More workspace groups, unlimited users and RSS feeds, AI recommendations and priority support.',
  },
  { name: 'Business', text: 'Even more workspace groups, with the same extras as Pro.' },
  { name: 'Enterprise', text: 'Unlimited workspace groups and users.' },
];

function Tiles({ items }: { items: { title: string; text: string }[] }) {
  return (
    <Grid container spacing={2}>
      {items.map((item) => (
        <Grid key={item.title} size={{ xs: 12, sm: 6, md: 3 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {item.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {item.text}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

export function HomePage() {
  const me = useSession((s) => s.me);
  usePageTitle('');
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, sm: 10 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography component="h1" variant="h2" sx={{ fontWeight: 700, mb: 2 }}>
            Linkhive
          </Typography>
          <Typography variant="h6" component="p" sx={{ mb: 4 }}>
            Save links from your browser toolbar, sort them into categories and find them again in seconds.
          </Typography>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
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
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" component="section" id="features" aria-labelledby="features-heading" sx={{ py: 6 }}>
        <Typography id="features-heading" component="h2" variant="h4" sx={{ mb: 3 }}>
          Features
        </Typography>
        <Tiles items={features} />
      </Container>
      <Container maxWidth="lg" component="section" id="pricing" aria-labelledby="pricing-heading" sx={{ pb: 6 }}>
        <Typography id="pricing-heading" component="h2" variant="h4" sx={{ mb: 3 }}>
          Pricing
        </Typography>
        <Tiles items={plans.map((p) => ({ title: p.name, text: p.text }))} />
      </Container>
    </>
  );
}

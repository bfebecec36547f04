import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { PromoPicker } from './PromoPicker';
import { QrCodeImage } from './QrCodeImage';
import { QrCodeTool } from './QrCodeTool';
import { SectionPage } from '../../layout/SectionPage';
import { InfoSection, Items, Para } from '../../layout/InfoBlocks';

const benefits = [
  {
    title: 'Everything on one card',
    text: 'Your logo, a background image, a description of what you do, your category and a link to your website.',
  },
  {
    title: 'A QR code ready to print',
    text: 'Put the code on flyers, shop windows and business cards. A scan opens your promo page on any phone.',
  },
  {
    title: 'Followers, not just visitors',
    text: 'Visitors save your link into their own Linkhive bookmarks and follow you in one step, even if they are new.',
  },
  {
    title: 'Posts for your followers',
    text: 'Share news, offers and updates that only your followers and you can see.',
  },
];

export function DigitalBusinessCardsPage() {
  const sample = `${window.location.origin}/promo/your-business`;
  return (
    <SectionPage
      title="Digital Business Cards"
      description="Create a free digital business card with Linkhive: a promo page with your logo, a QR code, followers and posts. Make a QR code for any web address."
    >
      <Grid container spacing={4} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Para>
            A Linkhive promo page is a free digital business card for your business, shop or project. Share it as a link
            or a QR code; the people who open it can visit your website, save your link into their bookmarks and follow
            you for your latest posts.
          </Para>
          <Para>
            Every promo page is checked by our team before it goes public, so visitors can trust the cards they scan.
          </Para>
          <Button href="/promote" variant="contained" size="large">
            Get Started
          </Button>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            variant="outlined"
            component="figure"
            sx={{ m: 0, p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
          >
            <QrCodeImage text={sample} size={160} alt={`Sample QR code for ${sample}`} />
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              A preview: your card&apos;s code opens your promo page at an address like{' '}
              <Box component="span" sx={{ wordBreak: 'break-all' }}>
                {sample}
              </Box>
            </Typography>
          </Paper>
        </Grid>
      </Grid>

      <InfoSection title="Why a digital business card">
        <Grid container spacing={2}>
          {benefits.map((b) => (
            <Grid key={b.title} size={{ xs: 12, sm: 6 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {b.title}
                </Typography>
                <Typography color="text.secondary">{b.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </InfoSection>

      <InfoSection title="How to get yours">
        <Items
          ordered
          items={[
            'Sign in and open Free Promo Advert from the menu.',
            'Press Get Started and fill in your display name, category and description, and upload a logo and a background.',
            'Submit it for approval. You receive an email once it is approved.',
            'Share your page: copy its link or download its QR code.',
          ]}
        />
        <Stack direction="row" sx={{ mt: 1 }}>
          <Button href="/promote" variant="outlined">
            Get Started
          </Button>
        </Stack>
      </InfoSection>

      <InfoSection title="QR code generator">
        <Para>
          Make a QR code for any web address, such as your website, or pick a promo page to make the code of its share
          link: a scan lets people save the page into their bookmarks and follow it. Choose its size and download it as
          a PNG image, ready to print.
        </Para>
        <QrCodeTool fileName="linkhive-qr-code.png" addressPicker={(fill) => <PromoPicker onPick={fill} />} />
      </InfoSection>
    </SectionPage>
  );
}

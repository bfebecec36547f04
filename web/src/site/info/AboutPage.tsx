import { Button, Link, Stack } from '@mui/material';
import { SectionPage } from '../../layout/SectionPage';
import { contactEmail } from './contact';
import { InfoSection, Items, Para } from '../../layout/InfoBlocks';

export function AboutPage() {
  return (
    <SectionPage
      title="About Linkhive"
      maxWidth="md"
      description="Linkhive is a bookmark manager for people and teams: save links from the browser toolbar, sort them into categories and find them again in seconds."
    >
      <Para>
        Linkhive is a bookmark manager you use first from your browser toolbar and then in a full web app. It started
        from a simple annoyance: browser bookmarks pile up in folders nobody opens, they stay on one computer, and they
        cannot be shared with the people you work with. Linkhive keeps your links in categories you choose, on every
        device you sign in to.
      </Para>

      <InfoSection title="What you can do with it">
        <Items
          items={[
            'Save the page you are on from the Chrome or Edge extension, straight into a category.',
            'Mark favourites: Linkhive keeps a screenshot of each one so you recognise it at a glance.',
            'Import the bookmarks you already have from Chrome, Edge, Firefox or Safari.',
            'Search the titles and addresses of everything you have saved, on one page.',
            'Read the latest posts from the RSS feeds of the sites you save.',
            'Share links with colleagues in team workspace groups.',
            'Publish a free promo page, a digital business card with a QR code, for your business.',
          ]}
        />
      </InfoSection>

      <InfoSection title="Who it is for">
        <Para>
          Individuals who want their bookmarks tidy and with them everywhere; teams that keep asking each other for the
          same links; and small businesses and creators who want a simple public page that visitors can save and follow.
        </Para>
      </InfoSection>

      <InfoSection title="How we work">
        <Items
          items={[
            'Your bookmarks are private to you. Workspace links are seen only by the members of that group.',
            'The core of Linkhive is free: unlimited personal bookmarks, the extension and a promo page. Paid plans add more for teams.',
            'Promo pages are checked by a person before they go public, and links flagged as unsafe are never approved.',
            'We keep only what the product needs to work, and the privacy policy says exactly what that is.',
          ]}
        />
      </InfoSection>

      <InfoSection title="Get in touch">
        <Para>
          Questions, ideas or a problem with your account? Write to us at{' '}
          <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
        </Para>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button href="/signup" variant="contained">
            Create a free account
          </Button>
          <Button href="/#features" variant="outlined">
            See the features
          </Button>
        </Stack>
      </InfoSection>
    </SectionPage>
  );
}

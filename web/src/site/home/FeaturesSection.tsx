import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ExtensionIcon from '@mui/icons-material/Extension';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Container, Paper, Typography } from '@mui/material';
import type { ReactElement } from 'react';

interface Feature {
  icon: ReactElement;
  title: string;
  text: string;
}

const features: Feature[] = [
  {
    icon: <ExtensionIcon />,
    title: 'Save from the toolbar',
    text: 'The Chrome and Edge extensions save the page you are on, or any link from the right-click menu, into a category.',
  },
  {
    icon: <FolderIcon />,
    title: 'Categories that fit how you work',
    text: 'Group links into named categories, pick a colour for the tabs and find every link where you left it.',
  },
  {
    icon: <StarIcon />,
    title: 'Favourites with screenshots',
    text: 'Favourites show a picture of the page, in a list or a grid, so your most-used sites stand out.',
  },
  {
    icon: <SearchIcon />,
    title: 'Search everything',
    text: 'One search box looks through the titles and addresses of all your bookmarks, filtered by category if you like.',
  },
  {
    icon: <RssFeedIcon />,
    title: 'Read the feeds of your sites',
    text: 'Linkhive finds the RSS feed of the sites you save and merges their latest posts into one reading list.',
  },
  {
    icon: <AutoAwesomeIcon />,
    title: 'Recommended sites',
    text: 'On paid plans, ask for websites related to the ones you saved and add the good ones in a click.',
  },
  {
    icon: <GroupsIcon />,
    title: 'Team workspaces',
    text: 'Invite colleagues by email into workspace groups and share the links everyone on the team needs.',
  },
  {
    icon: <StorefrontIcon />,
    title: 'Free promo page',
    text: 'Advertisers get a public page with a QR code, followers and follower-only posts, free on every plan.',
  },
];

export function FeaturesSection() {
  return (
    <Container
      maxWidth="lg"
      component="section"
      id="features"
      aria-labelledby="features-heading"
      sx={{ py: 6, scrollMarginTop: 72 }}
    >
      <Typography id="features-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
        Features
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Everything you need to keep the web you care about in order, on your own or with your team.
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        {features.map((feature) => (
          <Paper key={feature.title} variant="outlined" sx={{ p: 2 }}>
            <Box aria-hidden sx={{ color: 'primary.main', mb: 1 }}>
              {feature.icon}
            </Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {feature.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {feature.text}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Container>
  );
}

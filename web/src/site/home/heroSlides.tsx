import ExtensionIcon from '@mui/icons-material/Extension';
import GroupsIcon from '@mui/icons-material/Groups';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import StarIcon from '@mui/icons-material/Star';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ReactElement } from 'react';

export interface HeroSlide {
  key: string;
  icon: ReactElement;
  title: string;
  text: string;
  link: { label: string; href: string };
}

export const heroSlides: HeroSlide[] = [
  {
    key: 'toolbar',
    icon: <ExtensionIcon fontSize="inherit" />,
    title: 'Save any page in two clicks',
    text: 'The Chrome and Edge extensions put Linkhive in your toolbar. Pick a category and the page is saved with its title and its feed.',
    link: { label: 'Create your free account', href: '/signup' },
  },
  {
    key: 'favourites',
    icon: <StarIcon fontSize="inherit" />,
    title: 'Favourites you recognise at a glance',
    text: 'Mark a link as a favourite and Linkhive keeps a screenshot of the page, so the sites you use most are one look away.',
    link: { label: 'See all features', href: '/#features' },
  },
  {
    key: 'import',
    icon: <UploadFileIcon fontSize="inherit" />,
    title: 'Bring the bookmarks you already have',
    text: 'Export your bookmarks from Chrome, Edge, Firefox or Safari and import the file: your folders become categories.',
    link: { label: 'How to export your bookmarks', href: '/export-bookmarks' },
  },
  {
    key: 'teams',
    icon: <GroupsIcon fontSize="inherit" />,
    title: 'One set of links for the whole team',
    text: 'Workspace groups let a team share categorised links. The owner curates them and every member finds them in one place.',
    link: { label: 'About team workspaces', href: '/workspace' },
  },
  {
    key: 'promo',
    icon: <QrCode2Icon fontSize="inherit" />,
    title: 'A free promo page for your business',
    text: 'Publish a digital business card with your logo, a QR code and posts for your followers, and let visitors save your link.',
    link: { label: 'Digital business cards', href: '/digital-business-cards' },
  },
];

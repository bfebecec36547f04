export interface SocialLink {
  label: string;
  href: string;
}

// The product's own accounts; change them here when the handles are confirmed.
export const socialLinks: SocialLink[] = [
  { label: 'Linkhive on Facebook', href: 'https://www.facebook.com/linkhive' },
  { label: 'Linkhive on X', href: 'https://x.com/linkhive' },
  { label: 'Linkhive on LinkedIn', href: 'https://www.linkedin.com/company/linkhive' },
];

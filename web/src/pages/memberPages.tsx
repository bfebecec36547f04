import { SectionPage, SectionText } from './SectionPage';

interface MemberPage {
  path: string;
  title: string;
  text: string;
}

// The signed-in pages whose content the bookmarks, feeds, import and teams work will fill in.
export const memberPages: MemberPage[] = [
  { path: 'search', title: 'Search', text: 'Results from across your bookmarks will appear here.' },
  {
    path: 'rss-feeds',
    title: 'RSS Feeds',
    text: 'The latest posts from the feeds of your saved sites will appear here.',
  },
  {
    path: 'import-bookmarks',
    title: 'Import Bookmarks',
    text: 'Bookmarks you import from your browser will appear here.',
  },
  { path: 'teams/workspace', title: 'My Workspace', text: 'Your workspace groups will appear here.' },
  {
    path: 'teams/workspace/auth',
    title: 'Workspace invitation',
    text: 'Workspace invitations you accept will be confirmed here.',
  },
];

export function MemberPageView({ page }: { page: MemberPage }) {
  return (
    <SectionPage title={page.title}>
      <SectionText>{page.text}</SectionText>
    </SectionPage>
  );
}

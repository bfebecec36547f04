import { SectionPage, SectionText } from './SectionPage';

interface MemberPage {
  path: string;
  title: string;
  text: string;
}

// The signed-in pages whose content the teams work will fill in.
export const memberPages: MemberPage[] = [
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

import { Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { OpenWebAppLink } from '../OpenWebAppLink';
import { useExtensionSession } from '../session';
import { SignInPanel } from '../SignInPanel';
import { AskFirstSection } from './AskFirstSection';
import { DefaultCategorySection } from './DefaultCategorySection';
import { ImportSection } from './ImportSection';
import { Section } from './Section';
import { SendCopiesSection } from './SendCopiesSection';
import { ServerSection } from './ServerSection';

export function OptionsApp() {
  const { ready, settings, session, signOut } = useExtensionSession();
  if (!ready) return <CircularProgress sx={{ m: 4 }} />;
  return (
    <Container maxWidth="sm" component="main" sx={{ py: 4 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Linkhive options
        </Typography>
        <Section title="Server">
          <ServerSection current={settings.serverUrl} />
        </Section>
        <Section title="Account">
          {session ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Stack spacing={0.5}>
                <Typography>Signed in as {session.email}</Typography>
                <OpenWebAppLink />
              </Stack>
              <Button variant="outlined" onClick={signOut}>
                Sign out
              </Button>
            </Stack>
          ) : (
            <SignInPanel heading="h3" />
          )}
        </Section>
        {session && (
          <>
            <Section title="Saving">
              <AskFirstSection askFirst={settings.askFirst} />
              <SendCopiesSection sendCopies={settings.sendCopies} />
              <DefaultCategorySection key={settings.defaultCategory ?? ''} current={settings.defaultCategory} />
            </Section>
            <Section title="Import from this browser">
              <ImportSection />
            </Section>
          </>
        )}
      </Stack>
    </Container>
  );
}

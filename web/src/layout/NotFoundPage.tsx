import { Button, Container, Typography } from '@mui/material';
import { usePageTitle } from './usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The address you followed does not match any page of Linkhive.
      </Typography>
      <Button href="/" variant="contained">
        Back to home
      </Button>
    </Container>
  );
}

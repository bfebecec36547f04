import { Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../layout/usePageTitle';

/** The centred card the account pages are drawn in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: intro ? 1 : 3, fontWeight: 600 }}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
    </Container>
  );
}

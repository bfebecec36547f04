import { Box, Link, Typography } from '@mui/material';
import { PlanChooser } from './PlanChooser';
import { SectionPage } from '../../layout/SectionPage';

const questions = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. Upgrade whenever your team grows; your bookmarks, categories and workspace groups stay as they are.',
  },
  {
    q: 'How does yearly billing work?',
    a: 'You pay once a year: twelve months less 10%, rounded up to a whole pound. The struck-through figure is what twelve monthly payments would cost.',
  },
  {
    q: 'What happens to my links if I stop paying?',
    a: 'Nothing is deleted. Your account returns to the Free plan, which keeps unlimited personal bookmarks.',
  },
  {
    q: 'How do I pay?',
    a: 'By card, on the secure page of our payment provider. Linkhive never sees or stores your card number.',
  },
];

export function SubscriptionsPage() {
  return (
    <SectionPage
      title="Plans and pricing"
      description="Compare the Linkhive plans: Free, Pro, Business and Enterprise. Pay monthly, or yearly and save 10%. Prices in pounds sterling."
    >
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        Every plan includes unlimited personal bookmarks, the browser extension and a free promo page. Paid plans add
        workspace groups for teams, unlimited RSS feeds and AI site recommendations. Open a plan to see{' '}
        <Link href="/subscriptions/pro">Pro</Link>, <Link href="/subscriptions/business">Business</Link> or{' '}
        <Link href="/subscriptions/enterprise">Enterprise</Link> on its own.
      </Typography>
      <PlanChooser headingLevel="h2" />
      <Box component="section" aria-labelledby="faq-heading" sx={{ mt: 6, maxWidth: 760 }}>
        <Typography id="faq-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
          Questions about billing
        </Typography>
        {questions.map(({ q, a }) => (
          <Box key={q} sx={{ mb: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {q}
            </Typography>
            <Typography color="text.secondary">{a}</Typography>
          </Box>
        ))}
      </Box>
    </SectionPage>
  );
}

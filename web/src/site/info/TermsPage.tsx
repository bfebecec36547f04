import { Link, Typography } from '@mui/material';
import { SectionPage } from '../../layout/SectionPage';
import { contactEmail } from './contact';
import { InfoSection, Items, Para } from '../../layout/InfoBlocks';

export const termsDate = '2025-04-08';

export function TermsPage() {
  return (
    <SectionPage
      title="Terms of Service"
      maxWidth="md"
      description="The terms for using Linkhive: who may use it (not children under 13), your account and content, promo pages, plans, payments and cancellation."
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Last updated: <time dateTime={termsDate}>8 April 2025</time> ({termsDate})
      </Typography>
      <Para>
        These terms apply to the Linkhive web app, its browser extensions and the promo pages published with it. By
        creating an account or using Linkhive you agree to them. Please read them together with our{' '}
        <Link href="/policy">Privacy Policy</Link>.
      </Para>

      <InfoSection title="1. Who may use Linkhive">
        <Para>
          You must be at least 13 years old to use Linkhive. Children under 13 may not create an account or use the
          service. If we learn that an account belongs to a child under 13, we close it and delete its data. If you use
          Linkhive for an organisation, you confirm that you may accept these terms for it.
        </Para>
      </InfoSection>

      <InfoSection title="2. Your account">
        <Items
          items={[
            'Give a real email address and keep your password to yourself; you are responsible for what happens in your account.',
            'Tell us at once if you think someone else has used your account.',
            'One person per account. Teams share links through workspace groups, not by sharing a sign-in.',
          ]}
        />
      </InfoSection>

      <InfoSection title="3. Your content">
        <Para>
          The bookmarks, descriptions, images and posts you add stay yours. You allow us to store, copy and show them
          only as needed to run Linkhive for you: showing your bookmarks to you, workspace links to group members, and
          approved promo pages to the public. You confirm that you have the right to publish what you upload.
        </Para>
      </InfoSection>

      <InfoSection title="4. Acceptable use">
        <Items
          items={[
            'Do not use Linkhive to share malware, phishing, or content that is illegal, hateful or infringes the rights of others.',
            'Do not try to reach other people’s data, get round plan limits, or overload or probe the service.',
            'Promo pages are reviewed before they go public. We may refuse or remove a promo page or post that breaks these rules, and links flagged as unsafe are never approved.',
            'We may suspend or close accounts that break these rules.',
          ]}
        />
      </InfoSection>

      <InfoSection title="5. Plans and payments">
        <Items
          items={[
            'The Free plan costs nothing. Pro, Business and Enterprise are paid in advance, monthly or yearly, by card through our payment provider.',
            'A yearly subscription costs twelve monthly payments less 10%, rounded up to a whole pound. Prices are in pounds sterling.',
            'You can cancel at any time. Cancelling stops the next renewal; you keep the paid features until the end of the period you have paid for, and your account then returns to the Free plan without losing bookmarks.',
            'If a price changes, we tell you by email before your next renewal, and the new price applies only from that renewal.',
          ]}
        />
      </InfoSection>

      <InfoSection title="6. Team workspaces">
        <Para>
          The owner of a workspace group controls it: only the owner adds, edits or deletes its links, invites members
          and removes them. Members can read the group&apos;s links and leave the group at any time. Deleting a group
          deletes its links for everyone in it.
        </Para>
      </InfoSection>

      <InfoSection title="7. The service">
        <Para>
          We work to keep Linkhive available and your data safe, but we provide the service as it is, without promising
          that it will always be free of interruptions or errors. We may change or improve features; if we remove a paid
          feature you rely on, we tell you first and you may cancel.
        </Para>
      </InfoSection>

      <InfoSection title="8. Closing your account">
        <Para>
          You may stop using Linkhive at any time and ask us to delete your account, as described in the Privacy Policy.
          We may close an account that breaks these terms, telling you why unless the law forbids it.
        </Para>
      </InfoSection>

      <InfoSection title="9. Liability">
        <Para>
          Nothing in these terms limits liability that cannot be limited by law. Otherwise, we are not liable for
          indirect or unforeseeable losses, and our total liability to you is limited to what you paid us in the twelve
          months before the claim.
        </Para>
      </InfoSection>

      <InfoSection title="10. Changes and contact">
        <Para>
          If we change these terms, we update the date above and tell signed-in users by email before the changes take
          effect. These terms are governed by the laws of England and Wales. Questions? Write to{' '}
          <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
        </Para>
      </InfoSection>
    </SectionPage>
  );
}

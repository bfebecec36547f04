import { Link } from '@mui/material';
import { SectionPage } from '../../layout/SectionPage';
import { contactEmail } from './contact';
import { InfoSection, Items, Para, Ui } from '../../layout/InfoBlocks';

const mail = <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>;

export function PrivacyPolicyPage() {
  return (
    <SectionPage
      title="Privacy Policy"
      maxWidth="md"
      description="What Linkhive stores about you, why, the pages and feeds it fetches on your behalf, the one cookie it sets and how to delete your data."
    >
      <Para>
        This policy explains what Linkhive stores when you use the web app, the browser extensions and promo pages, why
        we need it, who else sees it and how you can have it deleted. We store only what the product needs to work, and
        we do not sell your data or use it for advertising.
      </Para>

      <InfoSection title="What we store">
        <Items
          items={[
            <>
              <Ui>Your account:</Ui> your first name, your email address and your password, which is stored only as a
              salted hash that cannot be turned back into the password.
            </>,
            <>
              <Ui>Your profile:</Ui> display name, profile picture if you upload one, your category tab colour and
              whether you prefer a list or a grid.
            </>,
            <>
              <Ui>Your bookmarks:</Ui> each link&apos;s address, title, category, whether it is a favourite, its RSS
              feed address if it has one, the promo page it came from and when it was added or changed.
            </>,
            <>
              <Ui>Workspace groups:</Ui> the group&apos;s name, its links, its members and the email addresses of the
              people invited to it.
            </>,
            <>
              <Ui>Promo pages:</Ui> the title, description, category, logo, background image and posts you publish, and
              the list of people who follow you.
            </>,
            <>
              <Ui>Your subscription:</Ui> your plan, its status and when it renews. Card details go straight to our
              payment provider; Linkhive never sees or stores them.
            </>,
            <>
              <Ui>Sign-in sessions:</Ui> a random session token, stored hashed and with an expiry date, so you stay
              signed in.
            </>,
            <>
              <Ui>Security records:</Ui> counts of sign-in, sign-up and password reset attempts per address, used to
              slow down password guessing, and short request logs (time, method, path and result, never cookies or
              passwords).
            </>,
          ]}
        />
      </InfoSection>

      <InfoSection title="Screenshots of your favourites">
        <Para>
          When you mark a link as a favourite, our server opens that public web page in a browser of its own and saves a
          picture of it, so your favourites are easy to recognise. The server sees only what any visitor sees: it has
          none of your cookies or logins, so pages behind a sign-in show their public face. A screenshot is stored once
          per website and reused for everyone who saves a favourite from it. When a link stops being a favourite, its
          screenshot is removed from your bookmark.
        </Para>
      </InfoSection>

      <InfoSection title="Pages and feeds we fetch for you">
        <Para>
          When you add a link, our server fetches the page to read its title and to find its RSS feed and icon. For the
          feeds of the sites you save, our server fetches the feed and shows you the latest posts. These requests come
          from our server, not from your device: the sites see our server&apos;s address and receive none of your
          cookies. The server fetches only public web addresses and refuses private network addresses.
        </Para>
      </InfoSection>

      <InfoSection title="Recommendations and safety checks">
        <Para>
          On paid plans you can ask for websites related to the ones you saved. To answer, we send the addresses and
          titles of the sites you ask about to the AI service we use; nothing else about you is sent. Before a promo
          page is approved, its web address may be checked against a list of known unsafe sites.
        </Para>
      </InfoSection>

      <InfoSection title="Cookies and storage on your device">
        <Items
          items={[
            'One cookie: the session cookie that keeps you signed in. It cannot be read by scripts and is needed for the service to work. We use no advertising or tracking cookies.',
            'Local storage in your browser holds the time you dismissed the install banner and the account details the app needs to open for you while you are offline. Signing out removes the account details.',
            'The app files (code, icons) are kept by the browser so that Linkhive opens quickly and works offline. Your bookmarks and other data are never kept in that cache.',
            'The browser extension keeps its own sign-in token in the extension’s storage.',
          ]}
        />
      </InfoSection>

      <InfoSection title="Who else sees your data">
        <Para>
          Workspace members see the links of the groups they belong to. Promo pages, once approved, are public, and
          their posts are visible to followers and to the owner. Beyond that, we use service providers only to run
          Linkhive: our hosting provider, the email service that sends password resets, invitations and approval
          messages, the payment provider for subscriptions, and the AI service for recommendations. Each receives only
          what its job needs.
        </Para>
      </InfoSection>

      <InfoSection title="Deleting your data">
        <Items
          items={[
            'Delete a bookmark from its menu, or select many on the Search page and delete them together.',
            'Deleting a workspace group removes its links and its member list. Members can leave a group at any time.',
            <>
              To delete your whole account, write to {mail} from the address you signed up with. We delete your account,
              bookmarks, profile, promo page and posts within 30 days and confirm by email.
            </>,
          ]}
        />
      </InfoSection>

      <InfoSection title="Your rights">
        <Para>
          You can ask for a copy of the data we hold about you, ask us to correct it, to delete it or to stop using it.
          Write to {mail}. You can also complain to your data protection authority.
        </Para>
      </InfoSection>

      <InfoSection title="Children">
        <Para>Linkhive is not meant for children under 13, and we do not knowingly keep data about them.</Para>
      </InfoSection>

      <InfoSection title="Changes to this policy">
        <Para>
          If we change what we store or how we use it, we update this page and tell signed-in users by email before the
          change takes effect.
        </Para>
      </InfoSection>
    </SectionPage>
  );
}

import { groupLimits, planNames } from '@linkhive/shared/domain';
import type { PlanKey } from '@linkhive/shared/domain';
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { SectionPage } from '../../layout/SectionPage';
import { InfoSection, Items, Para } from '../../layout/InfoBlocks';

const title = 'Team Workspace - Collaborative Bookmark Management';

const steps = [
  {
    title: 'Create a group',
    text: 'Name a workspace group for a team, a client or a project. New groups are private.',
  },
  {
    title: 'Invite your team',
    text: 'Invite members by email. They accept from the link in the invitation and the group appears in their workspace.',
  },
  {
    title: 'Add links in categories',
    text: 'As the owner, add the links your team needs and sort them into categories, with their RSS feeds if they have one.',
  },
  {
    title: 'Everyone finds them',
    text: 'Members open My Workspace and see every shared link in one place, always up to date.',
  },
];

function GetStarted() {
  return (
    <Button href="/teams/workspace" variant="contained" size="large">
      Get Started
    </Button>
  );
}

export function GroupsInfoPage() {
  return (
    <SectionPage
      title={title}
      description="Linkhive team workspaces: shared groups of categorised links, curated by an owner and read by every member, with invitations by email."
    >
      <Para>
        Stop pasting the same links into chat. A Linkhive workspace group gives your team one shared, categorised set of
        bookmarks: the owner keeps it in order, and every member finds what they need without asking.
      </Para>
      <GetStarted />

      <InfoSection title="How it works">
        <Grid container spacing={2}>
          {steps.map((step, i) => (
            <Grid key={step.title} size={{ xs: 12, sm: 6 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {i + 1}. {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </InfoSection>

      <InfoSection title="Why teams use it">
        <Items
          items={[
            'One source of truth: the links for onboarding, tools and clients live in one place.',
            'Owners stay in control: only the owner of a group adds, edits or deletes its links.',
            'Private by default: a group is seen only by the people invited to it.',
            'Paid plans add unlimited members, every RSS feed of the shared sites and AI recommendations of related sites.',
          ]}
        />
      </InfoSection>

      <InfoSection title="Groups on each plan">
        <Items
          items={(Object.keys(groupLimits) as PlanKey[]).map((key) => {
            const limit = groupLimits[key];
            const groups = limit === null ? 'unlimited groups' : `${limit} ${limit === 1 ? 'group' : 'groups'}`;
            return `${planNames[key]}: ${groups}`;
          })}
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <GetStarted />
          <Button href="/subscriptions" variant="outlined" size="large">
            Compare plans
          </Button>
        </Stack>
      </InfoSection>
    </SectionPage>
  );
}

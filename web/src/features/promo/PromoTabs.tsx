import type { PromoPage } from '@linkhive/shared/domain';
import { Box, Tab, Tabs } from '@mui/material';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { FeedPanel } from './FeedPanel';
import { FollowersPanel } from './FollowersPanel';

export interface PromoTabsProps {
  page: PromoPage;
  onFollow: () => void;
  followBusy: boolean;
}

/** Feed, About and Followers (n). Only the chosen tab's panel is mounted, so a tab loads its data when opened. */
export function PromoTabs({ page, onFollow, followBusy }: PromoTabsProps) {
  const [tab, setTab] = useState(0);
  const id = useId();
  const { advert, followers, isOwner } = page;
  const panels: { label: string; content: ReactNode }[] = [
    { label: 'Feed', content: <FeedPanel page={page} onFollow={onFollow} followBusy={followBusy} /> },
    {
      label: 'About',
      // The server's sanitised HTML, the only copy a client receives: rendered from the API answer alone.
      content: (
        <Box
          data-testid="advert-description"
          sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } }}
          dangerouslySetInnerHTML={{ __html: advert.description }}
        />
      ),
    },
    {
      label: `Followers (${followers})`,
      content: <FollowersPanel slug={advert.slug} count={followers} isOwner={isOwner} />,
    },
  ];
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, next: number) => setTab(next)}
        aria-label="Promo page"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {panels.map((p, i) => (
          <Tab key={i} label={p.label} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
        ))}
      </Tabs>
      {panels.map((p, i) => (
        <Box
          key={i}
          role="tabpanel"
          hidden={tab !== i}
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          sx={{ pt: 3 }}
        >
          {tab === i && p.content}
        </Box>
      ))}
    </Box>
  );
}

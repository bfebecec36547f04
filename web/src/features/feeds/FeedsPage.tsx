import { lastUpdatedText, feedMessages, feedPageSize } from '@linkhive/shared/domain';
import { EmptyState, FeedItemList, RssFeedIcon, useDebounced } from '@linkhive/shared/ui';
import { Alert, Box, Button, CircularProgress, LinearProgress, Pagination, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useAddDialog } from '../bookmarks/addDialog';
import { useFeeds } from './useFeeds';
import { usePageMeta } from '../../layout/usePageTitle';
import { FreeLimitNotice } from './FreeLimitNotice';
import { FeedFilterPanel } from './FeedFilterPanel';
import { SourceStatusList } from './SourceStatusList';
import { useNow } from './useNow';
import { SidebarPage } from '../../layout/SidebarPage';
import { PageHeader } from '../../layout/PageHeader';

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

export function FeedsPage() {
  usePageMeta('RSS Feeds', 'The latest posts of the RSS feeds of your saved sites, in one list.');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [source, setSource] = useState('');
  const q = useDebounced(search.trim());
  // Any filter change goes back to page 1, also when a filter returns to an earlier value.
  const filterKey = JSON.stringify([q, category, source]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (n: number) => setPaging({ key: filterKey, page: n });
  const feeds = useFeeds({ q: q || undefined, category: category || undefined, source: source || undefined, page });
  const { phase, sources, progress, list } = feeds;
  const showAdd = useAddDialog((s) => s.show);
  const now = useNow();

  const failed =
    phase === 'failed' || (phase === 'ready' && sources.length > 0 && sources.every((s) => s.status === 'error'));
  const pages = list ? Math.ceil(list.total / feedPageSize) : 0;
  const busy = phase === 'loading' || phase === 'sources';

  let body;
  if (phase === 'loading') body = <CircularProgress aria-label="Loading RSS feeds" />;
  else if (failed)
    body = (
      <EmptyState message={feedMessages.loadError}>
        <Button variant="contained" onClick={() => void feeds.retry()}>
          Try Again
        </Button>
      </EmptyState>
    );
  else if (phase === 'ready' && sources.length === 0)
    body = (
      <EmptyState message={feedMessages.noFeeds} icon={<RssFeedIcon sx={{ fontSize: 48 }} />}>
        <Button variant="contained" onClick={() => showAdd()}>
          Add Link
        </Button>
      </EmptyState>
    );
  else if (phase === 'sources')
    body = (
      <Box role="status">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Loading feeds: {progress.done}/{progress.total}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress.total ? (progress.done / progress.total) * 100 : 0}
          aria-label={`Loaded ${progress.done} of ${progress.total} sources`}
        />
      </Box>
    );
  else if (list)
    body = (
      <>
        {list.limited && <FreeLimitNotice total={list.availableTotal} />}
        {feeds.notice && <Alert severity="info">{feeds.notice}</Alert>}
        {sources.some((s) => s.status === 'error') && <Alert severity="warning">{feedMessages.someFailed}</Alert>}
        {list.total === 0 ? (
          <EmptyState message={feedMessages.noMatch} />
        ) : (
          <FeedItemList
            items={list.items}
            label="RSS feed items"
            showSource
            busy={feeds.listLoading}
            now={now}
            headingLevel="h2"
          />
        )}
        {pages > 1 && (
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_e, n) => setPage(n)}
            color="primary"
            sx={{ alignSelf: 'center' }}
          />
        )}
      </>
    );

  return (
    <SidebarPage
      sidebarWidth={280}
      collapseOnPhones
      sidebar={
        <>
          <FeedFilterPanel
            search={search}
            onSearchChange={setSearch}
            category={category}
            onCategoryChange={setCategory}
            source={source}
            onSourceChange={setSource}
            sources={sources}
          />
          {sources.length > 0 && <SourceStatusList sources={sources} now={now} />}
        </>
      }
    >
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <PageHeader title="RSS Feeds">
          <Button variant="outlined" onClick={() => void feeds.refreshAll()} disabled={busy}>
            Refresh All
          </Button>
        </PageHeader>
        <Typography color="text.secondary" aria-live="polite">
          {plural(list?.total ?? 0, 'item')} · {plural(sources.length, 'source')}
          {list?.lastUpdated && ` · Last updated: ${lastUpdatedText(list.lastUpdated, now)}`}
        </Typography>
        {body}
      </Stack>
    </SidebarPage>
  );
}

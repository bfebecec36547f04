import type { Bookmark, SearchScope } from '@linkhive/shared/domain';
import { CategoryCard, SeeFeedButton } from '@linkhive/shared/ui';
import { Box, Button, Skeleton } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAddDialog } from './addDialog';
import { useBookmarkActions } from './useBookmarkActions';
import { useBookmarkList } from './useBookmarkList';
import { FeedDialogHost } from '../feeds/FeedDialogHost';
import { usePaidPlan } from '../plans/usePaidPlan';
import { RecommendationsHost } from '../recommendations/RecommendationsHost';
import { useRecommendations } from '../recommendations/useRecommendations';

const step = 20;

interface Props {
  category: string;
  count: number;
  color: string;
  search: string;
  /** Where the search looks. */
  scope: SearchScope;
  onEdit: (b: Bookmark) => void;
}

/** One category's card, loading its newest links a page at a time. */
export function CategoryBlock({ category, count, color, search, scope, onEdit }: Props) {
  const [limit, setLimit] = useState(step);
  const { page, loading } = useBookmarkList({
    category,
    q: search || undefined,
    in: search && scope === 'title' ? 'title' : undefined,
    pageSize: limit,
  });
  const actions = useBookmarkActions();
  const showAdd = useAddDialog((s) => s.show);
  const navigate = useNavigate();
  // See RSS Feed and Recommended websites: paid plans only (reading feeds is a paid feature), and only on bookmarks with an RSS address.
  const paid = usePaidPlan();
  const [feedOf, setFeedOf] = useState<Bookmark | null>(null);
  const recommendations = useRecommendations();

  if (!page) return <Skeleton variant="rounded" height={160} aria-label={`Loading ${category}`} />;
  if (search && page.total === 0) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <CategoryCard
        category={category}
        color={color}
        count={search ? page.total : count}
        bookmarks={page.items}
        onAdd={(c) => showAdd({ category: c })}
        onToggleFavourite={actions.toggleFavourite}
        onEdit={onEdit}
        onRead={(b) => navigate(`/read/${encodeURIComponent(b.id)}`)}
        onCheckLink={actions.checkLink}
        onUpdateAddress={actions.updateAddress}
        onOpenPromotor={(b) => navigate(`/promo/${encodeURIComponent(b.promotor!)}`)}
        onRecommend={paid ? recommendations.show : undefined}
        recommendingId={recommendations.recommendingId}
        renderActions={paid ? (b) => <SeeFeedButton bookmark={b} onSeeFeed={setFeedOf} /> : undefined}
      />
      {paid && <FeedDialogHost bookmark={feedOf} onClose={() => setFeedOf(null)} />}
      {paid && (
        <RecommendationsHost
          state={recommendations.state}
          onRetry={recommendations.retry}
          onClose={recommendations.close}
        />
      )}
      {page.total > page.items.length && (
        <Button
          size="small"
          disabled={loading}
          onClick={() => setLimit((l) => Math.min(200, l + step * 2))}
          sx={{ mt: 0.5 }}
        >
          Show more ({page.total - page.items.length})
        </Button>
      )}
    </Box>
  );
}

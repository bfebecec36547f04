import type { FeedSource } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { CategoryFilter, SearchBox } from '@linkhive/shared/ui';
import { Stack, TextField } from '@mui/material';

interface Props {
  search: string;
  onSearchChange: (value: string) => void;
  category: string;
  onCategoryChange: (value: string) => void;
  source: string;
  onSourceChange: (value: string) => void;
  sources: readonly FeedSource[];
}

/** Search, category and source: the filter panel of the RSS Feeds page. */
export function FeedFilterPanel(props: Props) {
  const { sources } = props;
  const categories = [...new Set(sources.map((s) => s.category))].sort((a, b) => a.localeCompare(b));
  return (
    <Stack spacing={2} component="section" aria-label="Filters">
      <SearchBox
        value={props.search}
        onChange={props.onSearchChange}
        label="Search feeds"
        placeholder="Title or text"
      />
      <CategoryFilter categories={categories} value={props.category} onChange={props.onCategoryChange} />
      {/* A native select, like the category filter: the same with a keyboard, a screen reader and a phone. */}
      <TextField
        select
        label="Filter by source"
        value={props.source}
        onChange={(event) => props.onSourceChange(event.target.value)}
        size="small"
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{feedMessages.allSources}</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}

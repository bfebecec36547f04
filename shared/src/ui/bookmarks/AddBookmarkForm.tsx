import { Box, Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import {
  autoTitle,
  bookmarkMessages,
  createBookmarkSchema,
  createBookmarkSchemaFor,
  limits,
} from '../../domain/index.js';
import type { PagePreview } from '../../domain/index.js';
import { BookmarkFields } from './BookmarkFields.js';
import { FormFailure } from './FormFailure.js';
import { ScreenshotPreview } from './ScreenshotPreview.js';
import { useBookmarkDraft } from './useBookmarkDraft.js';
import { usePagePreview } from './usePagePreview.js';
import type { PreviewLookup } from './usePagePreview.js';

/** What Create sends: trimmed, the category capitalised, an empty RSS address as null. */
export type NewBookmarkValues = z.output<typeof createBookmarkSchema>;

/** Values the form opens with: a category's plus button, the extension's current tab, a promo share. */
export interface NewBookmarkInitial {
  link?: string;
  title?: string;
  category?: string;
  rssFeed?: string;
  favourite?: boolean;
  /** The promotor the link came from; sent with the values, not shown. */
  promotor?: string | null;
}

export interface AddBookmarkFormProps {
  initial?: NewBookmarkInitial;
  /** The user's own categories, most recent first. */
  categories: readonly string[];
  suggested: readonly string[];
  /** Reads the page's title and feed address (api.pages.preview on the web); honour the signal. */
  onPreview?: PreviewLookup;
  readClipboard?: () => Promise<string>;
  /** Saves the link. The host closes the form when it resolves; a rejection is shown under the form. */
  onSubmit: (values: NewBookmarkValues) => Promise<unknown>;
  onCancel: () => void;
  /** False while the dialog around the form closes, which aborts a lookup under way. */
  active?: boolean;
  /** The submit button's text: 'Create' in the web app's dialog, 'Save' in the extension's popup. */
  submitLabel?: string;
  /** Focus starts in the title instead (the popup, whose address is the tab's): Enter then saves. */
  autoFocusTitle?: boolean;
}

interface Filled {
  title: string;
  rssFeed: string;
}

export function AddBookmarkForm(props: AddBookmarkFormProps) {
  const {
    initial = {},
    categories,
    suggested,
    onPreview,
    readClipboard,
    onSubmit,
    onCancel,
    active = true,
    submitLabel = 'Create',
    autoFocusTitle = false,
  } = props;
  const draft = useBookmarkDraft(() => ({
    link: initial.link ?? '',
    // A tab's title can be long; it is cut like the generated titles are.
    title: (initial.title ?? '').slice(0, limits.titleMax),
    category: initial.category ?? '',
    categoryMode: 'pick',
    rssFeed: initial.rssFeed ?? '',
    favourite: initial.favourite ?? false,
  }));
  const { values, set } = draft;
  const [preview, setPreview] = useState<{ url: string; data: PagePreview } | null>(null);
  // What the last lookup wrote, so that a later lookup may replace it but never the user's own text.
  const filled = useRef<Filled>({ title: '', rssFeed: '' });

  const { loading } = usePagePreview({
    link: values.link,
    active,
    onPreview,
    onResult: (data, url) => {
      setPreview({ url, data });
      const previous = filled.current;
      const next = { title: autoTitle(data.title, url), rssFeed: data.rssFeed ?? '' };
      filled.current = next;
      // onResult is always the latest render's, so `values` is what the user sees now.
      if (values.title === '' || values.title === previous.title) set('title', next.title);
      if (values.rssFeed === '' || values.rssFeed === previous.rssFeed) set('rssFeed', next.rssFeed);
    },
  });

  const submit = draft.submit(createBookmarkSchemaFor(values.categoryMode), {
    extra: { promotor: initial.promotor ?? null },
    fallback: bookmarkMessages.addFailed,
    prepare: (data) => () => onSubmit(data),
  });

  const willCapture = Boolean(preview && preview.url === values.link.trim() && preview.data.screenshot);

  return (
    <Box component="form" ref={draft.formRef} noValidate aria-label="Add Link" onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <BookmarkFields
          draft={draft}
          purpose="add"
          categories={categories}
          suggested={suggested}
          readClipboard={readClipboard}
          autoFocusAddress={!initial.link && !autoFocusTitle}
          autoFocusTitle={autoFocusTitle}
          lookingUp={loading}
          favouriteNote={values.favourite && <ScreenshotPreview willCapture={willCapture} />}
        />
        <FormFailure message={draft.failure} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={draft.busy === 'save'}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

import { ApiError } from '@linkhive/shared/api';
import { createPostSchema, promoLimits, promoMessages } from '@linkhive/shared/domain';
import { useFirstErrorFocus, useNotify, validate } from '@linkhive/shared/ui';
import { Alert, Box, Button, FormHelperText, FormLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { DescriptionEditor } from '../adverts/DescriptionEditor';
import { api } from '../../api';

type Field = 'title' | 'content';

export interface PostFormProps {
  slug: string;
  onCreated: () => void;
}

/** The owner's new post: a title and rich content (headings 1 to 3, lists, bold, italic, underline, links). */
export function PostForm({ slug, onCreated }: PostFormProps) {
  // A new form after each post: Quill starts empty again.
  const [generation, setGeneration] = useState(0);
  const done = () => {
    setGeneration((g) => g + 1);
    onCreated();
  };
  return <PostFormFields key={generation} slug={slug} onCreated={done} />;
}

function PostFormFields({ slug, onCreated }: PostFormProps) {
  const notify = useNotify();
  const id = useId();
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus();

  const check = () => {
    const result = validate(createPostSchema, { title, content: html });
    const next = result.fieldErrors as Partial<Record<Field, string>>;
    // Quill's empty editor still holds '<p><br></p>': what counts is the text, as on the server.
    const plain = text.trim();
    if (!plain) next.content = promoMessages.postContentRequired;
    else if (Array.from(plain).length > promoLimits.postContentMax) next.content ??= promoMessages.postContentTooLong;
    setErrors(next);
    return result.data && !next.content ? result.data : null;
  };

  const submit = errorFocus.submitting(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const data = check();
    if (!data) return;
    setBusy(true);
    try {
      await api.promo.createPost(slug, data);
      notify({ title: promoMessages.postTitle, message: promoMessages.postCreated, severity: 'success' });
      onCreated();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'title' || field === 'content') setErrors({ [field]: message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  });

  const contentErrorId = `${id}-content-error`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box component="form" ref={errorFocus.ref} noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
        <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ mb: 2 }}>
          New post
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={Boolean(errors.title)}
            helperText={errors.title}
            disabled={busy}
            fullWidth
          />
          <Box>
            <FormLabel component="p" error={Boolean(errors.content)} sx={{ mb: 0.5 }}>
              Content
            </FormLabel>
            <DescriptionEditor
              label="Content"
              value={html}
              onChange={(nextHtml, nextText, byUser) => {
                setHtml(nextHtml);
                setText(nextText);
                if (byUser) setErrors((x) => ({ ...x, content: undefined }));
              }}
              describedBy={contentErrorId}
              invalid={Boolean(errors.content)}
              disabled={busy}
            />
            {/* Mounted with its text, so that screen readers announce the message when it appears. */}
            {errors.content ? (
              <FormHelperText id={contentErrorId} error role="alert">
                {errors.content}
              </FormHelperText>
            ) : (
              <FormHelperText id={contentErrorId}>Only your followers and you see posts.</FormHelperText>
            )}
          </Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Publish post
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

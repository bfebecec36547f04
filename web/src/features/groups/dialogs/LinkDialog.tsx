import type { GroupLink, GroupLinkInput } from '@linkhive/shared/domain';
import { autoTitle, groupLinkSchema, groupMessages as m } from '@linkhive/shared/domain';
import { AddressField, useFirstErrorFocus, usePagePreview, useNotify, validate } from '@linkhive/shared/ui';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { FailureAlert, toFailure, type Failure } from '../failure';

interface Props {
  open: boolean;
  groupId: string;
  /** The link to edit; none to add one. */
  link: GroupLink | null;
  onClose: () => void;
  onSaved: () => void;
}

export function LinkDialog({ open, onClose, ...rest }: Props) {
  const title = rest.link ? 'Edit Link' : 'Add Link';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-link-title">
      <DialogTitle id="group-link-title">{title}</DialogTitle>
      {open && <LinkForm title={title} onClose={onClose} {...rest} />}
    </Dialog>
  );
}

type Field = 'link' | 'title' | 'category' | 'rssFeed';

const readClipboard =
  typeof navigator !== 'undefined' && navigator.clipboard?.readText ? () => navigator.clipboard.readText() : undefined;

function LinkForm({ title, groupId, link, onClose, onSaved }: Omit<Props, 'open'> & { title: string }) {
  const notify = useNotify();
  const [values, setValues] = useState({
    link: link?.link ?? '',
    title: link?.title ?? '',
    category: link?.category ?? '',
    rssFeed: link?.rssFeed ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  // The address whose lookup the user cancelled: no lookup for it until the address changes.
  const [cancelledFor, setCancelledFor] = useState<string | null>(null);
  // What the last lookup wrote, so that a later one may replace it but never the user's own text.
  const filled = useRef({ title: '', rssFeed: '' });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const { loading, failed } = usePagePreview({
    link: values.link,
    // Editing an address looks it up again only once the user changed it.
    active: values.link !== cancelledFor && values.link !== (link?.link ?? null),
    onPreview: (url: string, signal: AbortSignal) => api.pages.preview(url, { signal }),
    onResult: (data, url) => {
      const previous = filled.current;
      const next = { title: autoTitle(data.title, url), rssFeed: data.rssFeed ?? '' };
      filled.current = next;
      setValues((v) => ({
        ...v,
        title: v.title === '' || v.title === previous.title ? next.title : v.title,
        rssFeed: v.rssFeed === '' || v.rssFeed === previous.rssFeed ? next.rssFeed : v.rssFeed,
      }));
    },
  });

  const errorFocus = useFirstErrorFocus();
  const submit = errorFocus.submitting(async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input: GroupLinkInput = { ...values, category: values.category.trim() || undefined };
    const result = validate(groupLinkSchema, input);
    setErrors(result.fieldErrors);
    if (!result.data) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = link
        ? await api.groups.updateLink(groupId, link.id, result.data)
        : await api.groups.addLink(groupId, result.data);
      notify({ message: answer.message, severity: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      setFailure(toFailure(error, link ? m.updateLinkFailed : m.addLinkFailed));
    } finally {
      setBusy(false);
    }
  });

  const field = (name: Exclude<Field, 'link'>, label: string, extra: { required?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      {...extra}
    />
  );

  return (
    <form ref={errorFocus.ref} noValidate aria-label={title} onSubmit={(e) => void submit(e)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AddressField
            value={values.link}
            onChange={(v) => set('link', v)}
            error={errors.link}
            readClipboard={readClipboard}
            autoFocus={!link}
            fillPrefix={!link}
          />
          {loading && (
            <Alert
              severity="info"
              icon={false}
              action={
                <Button color="inherit" size="small" onClick={() => setCancelledFor(values.link)}>
                  Cancel lookup
                </Button>
              }
            >
              Looking up the page title and RSS feed…
              <LinearProgress aria-label="Looking up the page" sx={{ mt: 1 }} />
            </Alert>
          )}
          {/* The lookup of the address as it is now failed: a new address asks again. */}
          {failed && <Alert severity="warning">{m.fetchUrlFailed}</Alert>}
          {field('title', 'Title', { required: true })}
          {field('category', 'Category')}
          {field('rssFeed', 'RSS feed address', { type: 'url' })}
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy}>
          {link ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </form>
  );
}

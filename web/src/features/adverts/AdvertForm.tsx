import type { Advert } from '@linkhive/shared/domain';
import { advertLimits, advertSlug, promoPath } from '@linkhive/shared/domain';
import { useFirstErrorFocus } from '@linkhive/shared/ui';
import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSuggestedCategories } from '../bookmarks/library';
import { draftErrors, draftOf, emptyDraft, type AdvertDraft, type DraftField } from './advertDraft';
import { DescriptionField } from './DescriptionField';
import { ImagePicker } from './ImagePicker';
import type { AdvertImageKind } from './pngFile';
import { useAdvertSave } from './useAdvertSave';

export interface AdvertFormProps {
  /** The advert to edit; without one the form creates a new advert. */
  advert?: Advert | null;
  /** Called once the advert and every picked picture are saved. */
  onSaved: (advert: Advert) => void;
  onCancel?: () => void;
}

const allTouched = { title: true, category: true, link: true, description: true };
// Only shown once there is something to show, so that the message is announced as it appears.
const alertHelper = { formHelperText: { role: 'alert' } } as const;

/** The advert's fields, for the Promoters Account dialog (create) and the Advertiser Profile (edit). */
export function AdvertForm({ advert, onSaved, onCancel }: AdvertFormProps) {
  const editing = Boolean(advert);
  const [draft, setDraft] = useState<AdvertDraft>(() => (advert ? draftOf(advert) : emptyDraft));
  // An untouched field keeps quiet until the user has been there: a new form is not a wall of red.
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>(editing ? allTouched : {});
  const [refused, setRefused] = useState<Record<AdvertImageKind, boolean>>({ logo: false, background: false });
  // Only suggestions: any category may be typed, so a failed load shows none.
  const suggested = useSuggestedCategories();
  const saving = useAdvertSave(advert ?? null);
  const hintId = useId();
  const errorFocus = useFirstErrorFocus();

  const ruleErrors = draftErrors(draft);
  const errorOf = (field: DraftField) => (touched[field] ? ruleErrors[field] : undefined) ?? saving.serverErrors[field];
  const valid = Object.keys(ruleErrors).length === 0 && !refused.logo && !refused.background;
  const slug = advert?.slug ?? advertSlug(draft.title);
  const current = saving.saved ?? advert ?? null;

  const change = (field: DraftField, value: Partial<AdvertDraft>, byUser = true) => {
    setDraft((d) => ({ ...d, ...value }));
    if (byUser) setTouched((t) => ({ ...t, [field]: true }));
    saving.clearServerError(field);
  };

  // A refusal ('Slug already exists!' under the Display name) may sit above the dialog's scroll.
  const submit = errorFocus.submitting(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(allTouched);
    if (!valid || saving.busy) return;
    const result = await saving.save(draft);
    if (result) onSaved(result);
  });

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      onSubmit={submit}
      aria-label={editing ? 'Edit your advert' : 'New advert'}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label="Display name"
          value={draft.title}
          onChange={(e) => change('title', { title: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, title: true }))}
          error={Boolean(errorOf('title'))}
          helperText={errorOf('title')}
          slotProps={alertHelper}
          required
          fullWidth
          autoComplete="organization"
        />
        <TextField
          label="Page address"
          value={promoPath(slug)}
          helperText={
            editing
              ? 'The page address cannot be changed.'
              : 'Made from the display name. It cannot be changed once the advert is sent.'
          }
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
          size="small"
        />
        <Autocomplete
          freeSolo
          options={suggested}
          inputValue={draft.category}
          onInputChange={(_e, value, reason) => change('category', { category: value }, reason !== 'reset')}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Category"
              required
              onBlur={() => setTouched((t) => ({ ...t, category: true }))}
              error={Boolean(errorOf('category'))}
              helperText={errorOf('category')}
              slotProps={{ ...params.slotProps, ...alertHelper }}
            />
          )}
        />
        <TextField
          label="Website address"
          type="url"
          value={draft.link}
          placeholder="https://www.example.com"
          onChange={(e) => change('link', { link: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, link: true }))}
          error={Boolean(errorOf('link'))}
          helperText={
            errorOf('link') ?? (editing ? 'Changing the address sends your page back for approval.' : undefined)
          }
          slotProps={errorOf('link') ? alertHelper : undefined}
          required
          fullWidth
          autoComplete="url"
        />
        <DescriptionField
          html={draft.description}
          text={draft.descriptionText}
          onChange={(html, text, byUser) => change('description', { description: html, descriptionText: text }, byUser)}
          error={errorOf('description')}
          disabled={saving.busy}
        />
        {(['logo', 'background'] as const).map((kind) => (
          <ImagePicker
            key={kind}
            kind={kind}
            label={kind === 'logo' ? 'Logo' : 'Background'}
            current={current?.[kind] ?? null}
            file={saving.files[kind]}
            onChange={(file) => saving.setFile(kind, file)}
            onCheck={(error) => setRefused((r) => ({ ...r, [kind]: Boolean(error) }))}
            serverError={saving.serverErrors[kind]}
            progress={saving.progress[kind]}
            disabled={saving.busy}
          />
        ))}
        {saving.formError && <Alert severity="error">{saving.formError}</Alert>}
        {/* A disabled button cannot say why itself: the reason sits beside it. */}
        {!valid && (
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            Fill in the display name, category, website address and a description of {advertLimits.descriptionMin} to{' '}
            {advertLimits.descriptionMax} characters, and choose PNG pictures only.
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && (
            <Button onClick={onCancel} disabled={saving.busy}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            loading={saving.busy}
            disabled={!valid}
            aria-describedby={valid ? undefined : hintId}
          >
            {editing ? 'Update advert' : 'Submit for approval'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

import { Box, Button, Stack, Typography } from '@mui/material';
import { categorySchema } from '@linkhive/shared/domain';
import { CategoryPicker, type CategoryMode, useNotify } from '@linkhive/shared/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { fallbackCategory } from '../../core/config';
import { rememberCategory } from '../../core/recentCategories';
import { writeSettings } from '../../core/settings';
import { saveCommand } from '../../core/shortcut';
import { platform } from '../extension';
import { useCategoryLists } from '../useCategoryLists';

/** Where new saves go unless the popup picks another: the popup's start, the menu's and the shortcut's. */
export function DefaultCategorySection({ current }: { current: string | null }) {
  const notify = useNotify();
  const lists = useCategoryLists(true);
  const [mode, setMode] = useState<CategoryMode>('pick');
  const [value, setValue] = useState(current ?? fallbackCategory);
  const [error, setError] = useState<string | undefined>();
  const [shortcut, setShortcut] = useState<string | null>(null);
  const [popupShortcut, setPopupShortcut] = useState<string | null>(null);

  useEffect(() => {
    platform.commands.shortcut(saveCommand).then(setShortcut, () => setShortcut(null));
    platform.commands.shortcut('_execute_action').then(setPopupShortcut, () => setPopupShortcut(null));
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = categorySchema.safeParse(value);
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    await writeSettings(platform, { defaultCategory: checked.data });
    // One click saves to the category used last: a default chosen now is that, until the next save.
    await rememberCategory(platform, checked.data);
    setValue(checked.data);
    setMode('pick');
    notify({ message: `New saves go to ${checked.data}`, severity: 'success' });
  };

  return (
    <Box component="form" noValidate aria-label="Default category" onSubmit={submit}>
      <Stack spacing={2}>
        <CategoryPicker
          mode={mode}
          onModeChange={(next) => {
            setMode(next);
            setValue('');
            setError(undefined);
          }}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          categories={lists.own}
          suggested={lists.suggested}
          error={error}
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Save default category
        </Button>
        <Typography variant="body2" color="text.secondary">
          {shortcut
            ? `${shortcut} saves the current page to the default category at once.`
            : 'No keyboard shortcut is set. Choose one at chrome://extensions/shortcuts.'}
          {popupShortcut && ` ${popupShortcut} opens the popup.`}
        </Typography>
      </Stack>
    </Box>
  );
}

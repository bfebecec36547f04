import type { Advert } from '@linkhive/shared/domain';
import { qrSource } from '@linkhive/shared/domain';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { promoShareTarget } from './promoActions';
import { useAdvertSearch } from './useAdvertSearch';

export interface PromoPickerProps {
  /** Called with the promo page's share link (tagged as a QR scan) and the page's title. */
  onPick: (url: string, title: string) => void;
}

const hint = 'Search the approved promo pages by name or description to make a code for one of them.';

/**
 * Picks an approved promo page, searched on the server as the user types, and answers its share
 * link: the address a scanned code should open so that the visitor can save and follow it.
 */
export function PromoPicker({ onPick }: PromoPickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Advert | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Nothing is asked of the server until someone opens the list.
  const search = useAdvertSearch(text, { enabled: open });

  async function pick(advert: Advert | null) {
    setPicked(advert);
    setProblem(null);
    if (!advert) return;
    try {
      onPick(await promoShareTarget(advert.slug, qrSource), advert.title);
    } catch {
      setProblem(`The link of ${advert.title} cannot be made just now. Please try again.`);
    }
  }

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={search.items ?? []}
      loading={search.loading}
      value={picked}
      onChange={(_e, advert) => void pick(advert)}
      inputValue={text}
      onInputChange={(_e, value) => setText(value)}
      // The server has already filtered by the text; filtering again here would hide description matches.
      filterOptions={(options) => options}
      getOptionLabel={(a) => a.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={search.failed ? 'The promo pages could not be loaded.' : 'No promo page matches'}
      renderOption={({ key, ...props }, advert) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <Typography>{advert.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {advert.category}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label="Promo page" error={Boolean(problem)} helperText={problem ?? hint} />
      )}
    />
  );
}

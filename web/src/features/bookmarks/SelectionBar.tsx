import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';

interface Props {
  /** The rows on this page, and how many of them are ticked. */
  shown: number;
  selected: number;
  totalText: string;
  onSelectAll: (all: boolean) => void;
  onDelete: () => void;
}

/** Select all (the rows of this page), the result count and the bulk delete. */
export function SelectionBar({ shown, selected, totalText, onSelectAll, onDelete }: Props) {
  const all = shown > 0 && selected === shown;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <FormControlLabel
        label="Select all"
        control={
          <Checkbox
            checked={all}
            indeterminate={selected > 0 && !all}
            onChange={() => onSelectAll(!all)}
            disabled={shown === 0}
          />
        }
      />
      <Typography role="status" color="text.secondary" sx={{ flex: 1 }}>
        {totalText}
        {selected > 0 && `, ${selected} selected`}
      </Typography>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={selected === 0} onClick={onDelete}>
        Delete selected
      </Button>
    </Box>
  );
}

import AddIcon from '@mui/icons-material/Add';
import { Fab } from '@mui/material';
import { useNavigate } from 'react-router';
import { addLinkHref } from './navItems';

export function AddLinkFab() {
  const navigate = useNavigate();
  return (
    <Fab
      color="secondary"
      aria-label="Add link"
      onClick={() => void navigate(addLinkHref)}
      sx={{ position: 'fixed', right: 24, bottom: 24 }}
    >
      <AddIcon />
    </Fab>
  );
}

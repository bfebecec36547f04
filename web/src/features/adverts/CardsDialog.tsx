import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** The promote page's short word on digital business cards, leading to the page about them. */
export function CardsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cards-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="cards-dialog-title">Digital business cards</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Your promo page works as a digital business card: your logo, a background, what you do and a link to your
          website, on one page that anyone can open from a link or a QR code.
        </DialogContentText>
        <DialogContentText>
          Visitors can save your link into their own bookmarks and follow you to see the posts you share with your
          followers.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button href="/digital-business-cards" variant="contained">
          About digital business cards
        </Button>
      </DialogActions>
    </Dialog>
  );
}

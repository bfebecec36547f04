import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';

interface Props {
  url: string;
  open: boolean;
  onClose: () => void;
}

/** A video file plays in a video element; any other address (YouTube, Vimeo) is an embed page. */
export function isVideoFile(url: string): boolean {
  return /\.(mp4|webm|ogv|ogg|mov)(\?|#|$)/i.test(url);
}

export function VideoDialog({ url, open, onClose }: Props) {
  const title = 'Linkhive in action';
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="video-dialog-title">
      <DialogTitle id="video-dialog-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Close video" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {/* Closing the dialog unmounts the player, which stops the video. */}
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'common.black' }}>
          {isVideoFile(url) ? (
            <video
              src={url}
              controls
              autoPlay
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
              aria-label={title}
            />
          ) : (
            <iframe
              src={url}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';

const VideoDialog = lazy(() => import('./VideoDialog').then((m) => ({ default: m.VideoDialog })));

/** The product video is a build setting (VITE_VIDEO_URL); without one there is nothing to watch. */
export function WatchVideoButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const url = import.meta.env.VITE_VIDEO_URL?.trim();
  if (!url) return null;
  return (
    <>
      <Button
        variant="text"
        color="inherit"
        size="large"
        startIcon={<PlayCircleIcon />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Watch video
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <VideoDialog url={url} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

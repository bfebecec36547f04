import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Stack, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useAutoRotate } from './useAutoRotate';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** The accessible name of the carousel, e.g. 'Highlights'. */
  label: string;
  slides: CarouselSlide[];
  intervalMs: number;
  /** Colour of the controls, to suit the background the host puts the carousel on. */
  controlColor?: 'inherit' | 'primary';
}

/** Past this many slides a row of pickers no longer fits a phone; the position is written instead. */
const maxPickers = 10;

/**
 * A rotating set of slides following the WAI-ARIA carousel pattern: a pause/play button first, then
 * previous, next and one picker a slide. People who ask their system for reduced motion get no
 * automatic rotation until they press play themselves. A single slide has nothing to rotate, so no controls.
 */
export function Carousel({ label, slides, intervalMs, controlColor = 'inherit' }: CarouselProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const { index, next, previous, goTo } = useAutoRotate(slides.length, intervalMs, playing);
  // A new set of slides (a search's results, say) starts from its first, not wherever the last set was.
  const set = slides.map((s) => s.key).join('\n');
  const [shownSet, setShownSet] = useState(set);
  if (shownSet !== set) {
    setShownSet(set);
    goTo(0);
  }

  return (
    <Box component="section" aria-roledescription="carousel" aria-label={label}>
      {/* Every slide shares one grid cell, so the carousel keeps the height of its tallest slide. */}
      <Box aria-live={playing ? 'off' : 'polite'} sx={{ display: 'grid' }}>
        {slides.map((slide, i) => (
          <Box
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
            sx={{
              gridArea: '1 / 1',
              visibility: i === index ? 'visible' : 'hidden',
              opacity: i === index ? 1 : 0,
              transition: reducedMotion ? 'none' : 'opacity 400ms ease',
            }}
          >
            {slide.content}
          </Box>
        ))}
      </Box>
      {slides.length > 1 && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'center', mt: 2 }}>
          <IconButton
            color={controlColor}
            onClick={() => setChoice(!playing)}
            aria-label={playing ? 'Pause slides' : 'Play slides'}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <IconButton color={controlColor} onClick={previous} aria-label="Previous slide">
            <ChevronLeftIcon />
          </IconButton>
          {slides.length > maxPickers ? (
            <Typography aria-hidden sx={{ minWidth: 64, textAlign: 'center' }}>
              {index + 1} / {slides.length}
            </Typography>
          ) : (
            slides.map((slide, i) => (
              <IconButton
                key={slide.key}
                color={controlColor}
                onClick={() => goTo(i)}
                aria-label={`Show slide ${i + 1} of ${slides.length}`}
                aria-current={i === index ? 'true' : undefined}
                size="small"
                sx={{ width: 32, height: 32 }}
              >
                <Box
                  component="span"
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    border: 2,
                    borderColor: 'currentColor',
                    bgcolor: i === index ? 'currentColor' : 'transparent',
                  }}
                />
              </IconButton>
            ))
          )}
          <IconButton color={controlColor} onClick={next} aria-label="Next slide">
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}

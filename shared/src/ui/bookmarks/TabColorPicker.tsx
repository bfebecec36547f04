import { TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { colorSaveDelayMs, profileMessages } from '../../domain/index.js';
import { useNotify } from '../notifyContext.js';

export interface TabColorPickerProps {
  /** The saved colour; null means the page's default. */
  value: string | null;
  /** The page's default (categoryTabColorDefaults): shown for null and used when the input is emptied. */
  defaultColor: string;
  /** Saves the colour. 'Color Updated' or 'Update Failed' is raised through useNotify. */
  onSave: (color: string) => Promise<unknown>;
  label?: string;
  delayMs?: number;
}

const normal = (color: string) => color.toUpperCase();

/**
 * The category tab colour. Dragging through a colour picker fires many changes, so the colour is
 * saved once the user has paused, and only when it differs from the saved one.
 */
export function TabColorPicker(props: TabColorPickerProps) {
  const { value, defaultColor, onSave, label = 'Category tab colour', delayMs = colorSaveDelayMs } = props;
  const notify = useNotify();
  const saved = normal(value || defaultColor);
  const [draft, setDraft] = useState(saved);
  const [shown, setShown] = useState(saved);
  // The host saved or reloaded the colour: show what it holds now.
  if (saved !== shown) {
    setShown(saved);
    setDraft(saved);
  }

  const lastSaved = useRef(saved);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  }, [onSave]);
  useEffect(() => {
    lastSaved.current = saved;
  }, [saved]);

  const flush = useCallback(async () => {
    timer.current = undefined;
    const color = pending.current;
    pending.current = null;
    if (color === null || color === lastSaved.current) return;
    const previous = lastSaved.current;
    lastSaved.current = color;
    try {
      await save.current(color);
      notify({ message: profileMessages.colorUpdated, severity: 'success' });
    } catch {
      lastSaved.current = previous;
      // Show the colour that is really saved, unless the user has already picked another one.
      if (pending.current === null) setDraft(previous);
      notify({ message: profileMessages.colorUpdateFailed, severity: 'error' });
    }
  }, [notify]);

  // Leaving the page within the pause still saves the last pick.
  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const color = normal(event.target.value || defaultColor);
    setDraft(color);
    pending.current = color;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delayMs);
  };

  return (
    <TextField
      type="color"
      label={label}
      value={draft}
      onChange={change}
      size="small"
      sx={{ width: 160 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

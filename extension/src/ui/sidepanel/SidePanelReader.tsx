import type { Bookmark } from '@linkhive/shared/domain';
import { copyOrNone, ReaderView } from '@linkhive/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { problemOf } from '../../core/problems';
import { api } from '../extension';
import { copyKeys } from '../queries';
import { useExtensionSession } from '../session';
import { MessageWithUpdate } from '../UpdateLink';

/**
 * A bookmark's Reader view inside the side panel, opened from its row: the copy comes through the
 * extension's API client, its pictures from the signed-in server's image relay (the relay's paths
 * are made absolute, as the panel is another origin). Back, or Escape anywhere in the panel, returns
 * to the list; the focus starts on Back.
 */
export function SidePanelReader({ bookmark, onBack }: { bookmark: Bookmark; onBack: () => void }) {
  const serverUrl = useExtensionSession((s) => s.session?.serverUrl);
  const copy = useQuery({
    queryKey: copyKeys.copy(bookmark.id),
    queryFn: () => copyOrNone(api.copy(bookmark.id)),
  });
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);

  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A menu or a tooltip that took its own Escape keeps it.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ReaderView
      bookmark={bookmark}
      copy={copy.data}
      error={copy.isError ? <MessageWithUpdate message={problemOf(copy.error).message} /> : null}
      onBack={onBack}
      backRef={backRef}
      headingLevel={2}
      compact
      imageBase={serverUrl}
    />
  );
}

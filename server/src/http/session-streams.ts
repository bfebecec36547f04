/**
 * Long-lived answers (the live-event streams) by the session that opened them, so that signing out
 * ends them: a stream is authorised once, when it opens, and would otherwise keep delivering to a
 * browser whose session is gone. In this process only: a sign-out on another server process does
 * not reach here (docs/security.md says what is left).
 */
const bySession = new Map<string, Set<() => void>>();

/** Calls `end` when the session `key` signs out here; answers the function that forgets it. */
export function endWithSession(key: string, end: () => void): () => void {
  let ends = bySession.get(key);
  if (!ends) bySession.set(key, (ends = new Set()));
  ends.add(end);
  return () => {
    ends.delete(end);
    if (!ends.size && bySession.get(key) === ends) bySession.delete(key);
  };
}

/** Ends every stream the session `key` opened in this process. */
export function endSessionStreams(key: string): void {
  const ends = bySession.get(key);
  bySession.delete(key);
  for (const end of ends ?? []) end();
}

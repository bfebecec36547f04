import { useEffect, useState } from 'react';

/** The current time, renewed every `ms`, so that 'N minutes ago' keeps counting on an open page. */
export function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

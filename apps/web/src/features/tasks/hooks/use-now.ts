import { useEffect, useState } from 'react';

/** The current time, moved on every `intervalMs`: what is overdue and "in 5 minutes" follow the clock. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

import { useEffect, useState } from 'react';

/**
 * The current time, updated every `intervalMs` while the component is mounted. Rendering reads time
 * from here rather than calling Date.now(), so renders stay pure and countdowns tick together.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

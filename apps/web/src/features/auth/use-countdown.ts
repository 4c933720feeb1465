import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (ms since epoch), updated every second; 0 once it has passed or
 * when there is none. Computed from the clock rather than counted down, so a throttled background
 * tab still shows the right number.
 */
export function useCountdown(deadline: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (deadline === undefined) return;
    setNow(Date.now());
    const id = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [deadline]);

  return left;
}

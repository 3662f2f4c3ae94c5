import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changing at most once every `ms` milliseconds: the first change at once, the last one
 * always. Compared with `===`, so pass a string or number.
 */
export function useThrottled<T extends string | number>(value: T, ms: number): T {
  const [throttled, setThrottled] = useState(value);
  const last = useRef(-Infinity);
  useEffect(() => {
    const apply = () => {
      last.current = performance.now();
      setThrottled(value);
    };
    // Monotonic: by a wall clock set back, the next change would be minutes or hours away.
    const wait = last.current + ms - performance.now();
    if (wait <= 0) {
      apply();
      return;
    }
    const timer = setTimeout(apply, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return throttled;
}

import { useEffect, useState } from 'react';
import type { OutcomesFileProgressEvent } from '../../../../shared/contract/events';
import { api } from '../../lib/device-check';

/**
 * How far the core has read the rows of the file it is building, while `building`; null before
 * the first word of it, and once the build is over.
 */
export function useBuildProgress(building: boolean): OutcomesFileProgressEvent | null {
  const [shown, setShown] = useState<OutcomesFileProgressEvent | null>(null);
  useEffect(() => {
    if (!building) return undefined;
    const stop = api.onOutcomesFileProgress((event) => setShown(event));
    return () => {
      stop();
      setShown(null);
    };
  }, [building]);
  return building ? shown : null;
}

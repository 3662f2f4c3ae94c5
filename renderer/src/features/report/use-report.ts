import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReportQuery } from '../../../../shared/contract/report';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/**
 * The report, computed in the core (a million rows take about a second there; the window stays
 * responsive). Computed again whenever the screen is shown, since reviews change the labels.
 */
export function useReport(query: ReportQuery, visible: boolean) {
  return useQuery({
    queryKey: queryKeys['report.get'](query),
    queryFn: () => unwrap(api.report.get(query)),
    enabled: visible,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Whole seconds since `running` turned true, for the progress line of a slow report. */
export function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    // Monotonic, so a wall clock set back or forward does not show a negative or leaping count.
    const started = performance.now();
    const timer = setInterval(
      () => setSeconds(Math.floor((performance.now() - started) / 1000)),
      500,
    );
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [running]);
  return seconds;
}

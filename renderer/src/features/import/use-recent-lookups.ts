import { useQuery } from '@tanstack/react-query';
import { settingBounds } from '../../../../shared/settings-bounds';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';
import { idPieces, type IdList } from '../../workers/id-list';

/** The largest look-back the core accepts. */
export const maxRecentDays = settingBounds.skipRecentDays.max;

/**
 * How many of these requests (one per line, `requestLine`) were answered in the last `days` days
 * (none asked when empty).
 */
export function useRecentLookups(requests: IdList | null, days: number) {
  const usable = Number.isInteger(days) && days >= 1 && days <= maxRecentDays;
  return useQuery({
    queryKey: queryKeys['lookups.countRecent'](requests?.key ?? null, days),
    // Piece by piece (each about 1 MB): a full sheet's 20 MB of IDs in one request held the
    // window's thread for a quarter of a second. The requests are unique, so the counts add up.
    queryFn: async () => {
      let recent = 0;
      for (const piece of idPieces(requests?.text ?? ''))
        recent += await unwrap(api.lookups.countRecent({ requests: piece, days }));
      return recent;
    },
    enabled: usable && requests !== null && requests.count > 0,
    staleTime: 30_000,
  });
}

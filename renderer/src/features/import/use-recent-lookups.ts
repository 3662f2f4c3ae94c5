import { useQuery } from '@tanstack/react-query';
import { settingBounds } from '../../../../shared/settings-bounds';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';
import type { IdList } from '../../workers/id-list';

/** The largest look-back the core accepts. */
export const maxRecentDays = settingBounds.skipRecentDays.max;

/** How many of these external IDs were answered in the last `days` days (none asked when empty). */
export function useRecentLookups(externalIds: IdList | null, days: number) {
  const usable = Number.isInteger(days) && days >= 1 && days <= maxRecentDays;
  return useQuery({
    queryKey: queryKeys['lookups.countRecent'](externalIds?.key ?? null, days),
    queryFn: () => unwrap(api.lookups.countRecent({ externalIds: externalIds?.text ?? '', days })),
    enabled: usable && externalIds !== null && externalIds.count > 0,
    staleTime: 30_000,
  });
}

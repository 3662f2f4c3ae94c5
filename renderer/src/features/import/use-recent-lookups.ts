import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { settingBounds } from '../../../../shared/settings-bounds';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/** The largest look-back the core accepts. */
export const maxRecentDays = settingBounds.skipRecentDays.max;

/**
 * A short key for a long list of IDs (FNV-1a over the list), so the query cache does not hash
 * 100,000 strings on every render.
 */
export function fingerprint(ids: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const id of ids) {
    for (let index = 0; index < id.length; index += 1) {
      hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
    }
    hash = Math.imul(hash ^ 0x1f, 0x01000193);
  }
  return `${String(ids.length)}:${(hash >>> 0).toString(16)}`;
}

/** How many of these external IDs were answered in the last `days` days (none asked when empty). */
export function useRecentLookups(externalIds: readonly string[] | null, days: number) {
  const key = useMemo(() => (externalIds ? fingerprint(externalIds) : null), [externalIds]);
  const usable = Number.isInteger(days) && days >= 1 && days <= maxRecentDays;
  return useQuery({
    queryKey: queryKeys['lookups.countRecent'](key, days),
    queryFn: () => unwrap(api.lookups.countRecent({ externalIds: [...(externalIds ?? [])], days })),
    enabled: usable && externalIds !== null && externalIds.length > 0,
    staleTime: 30_000,
  });
}

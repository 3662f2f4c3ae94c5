import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/** Lookups the search screen shows at first, and adds with each "Show more". */
export const searchPageSize = 200;

/**
 * The history lookups matching `query`, newest first, a page at a time ("Show more" asks for the
 * next), with how many match in all; nothing is asked until there is a query.
 */
export function useSearch(query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys['history.search'](query),
    queryFn: ({ pageParam }) =>
      unwrap(api.history.search({ query, offset: pageParam, limit: searchPageSize })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.hits.length, 0);
      return last.hits.length > 0 && shown < last.total ? shown : undefined;
    },
    enabled: query !== '',
  });
}

/** Reviewed transactions among every lookup a search matches. */
export function useSearchSummary(query: string) {
  return useQuery({
    queryKey: queryKeys['history.searchSummary'](query),
    queryFn: () => unwrap(api.history.searchSummary({ query })),
  });
}

/** Every transaction seen with a device, and its similar devices. */
export function useDevice(deviceId: string | undefined) {
  return useQuery({
    queryKey: queryKeys['devices.get'](deviceId),
    queryFn: () => unwrap(api.devices.get({ deviceId: deviceId ?? '' })),
    enabled: deviceId !== undefined,
  });
}

/**
 * Where the Search section is: the query comes from the navigation place (this screen's form, or
 * another screen sending the analyst here) and is remembered while the section is hidden, so the
 * main navigation button brings back the last results.
 */
export function useSearchPlace() {
  const { place, go } = useNavigation();
  const here = place.section === 'search' ? place : undefined;
  const [query, setQuery] = useState(here?.query ?? '');
  if (here?.query !== undefined && here.query !== query) setQuery(here.query);
  const withQuery = query === '' ? {} : { query };
  // A device opened from elsewhere (a batch's row) goes back there, through similar devices too.
  const from = here?.from;
  return {
    query,
    deviceId: here?.deviceId,
    /** Whether "Back" leaves the section (to where the device was opened from). */
    backLeaves: from !== undefined,
    search: (text: string) => go({ section: 'search', query: text }),
    openDevice: (deviceId: string) =>
      go({ section: 'search', ...withQuery, deviceId, ...(from ? { from } : {}) }),
    back: () => go(from ?? { section: 'search', ...withQuery }),
    openBatch: (batchId: string) => go({ section: 'batches', batchId }),
  };
}

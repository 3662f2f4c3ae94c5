import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ResultFilter } from '../../../shared/contract/results';

/** The app's sections; a section may open on one batch or one device. */
export type Place =
  | { section: 'import' }
  | { section: 'batches'; batchId?: string }
  /** `from`: where a device was opened from (a batch's row, say), where "Back" returns. */
  | { section: 'search'; query?: string; deviceId?: string; from?: Place }
  /** The review queue over one batch, or over the hits of a history search. */
  | { section: 'review'; batchId?: string; query?: string }
  | { section: 'uploads'; batchId?: string }
  /** The score report of one batch (optionally of the rows its results filter shows), or of all. */
  | { section: 'report'; batchId?: string; filter?: ResultFilter }
  | { section: 'environments' }
  | { section: 'settings' };

export type Section = Place['section'];

interface Navigation {
  place: Place;
  go: (place: Place) => void;
}

const NavigationContext = createContext<Navigation>({
  place: { section: 'import' },
  go: () => undefined,
});

/** Where the analyst is; features move between sections with `go` (no router: one window, few places). */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [place, go] = useState<Place>({ section: 'import' });
  const value = useMemo(() => ({ place, go }), [place]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

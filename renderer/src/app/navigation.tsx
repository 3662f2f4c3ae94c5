import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ResultFilter } from '../../../shared/contract/results';

/** A batch deleted from its screen; `wiped` false: its data is still in the history file. */
export interface DeletedBatch {
  name: string;
  wiped: boolean;
}

/** The app's sections; a section may open on one batch or one device. */
export type Place =
  | { section: 'import' }
  /** `deleted`: the batch just deleted from its screen, said once on the list it returns to. */
  | { section: 'batches'; batchId?: string; deleted?: DeletedBatch }
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

/** Where `keptPlace` finds the place after a reload: this window's session storage. */
const placeKey = 'dcdesk.place';
const withBatch: ReadonlySet<Section> = new Set(['batches', 'review', 'uploads', 'report']);
const sections: ReadonlySet<Section> = new Set([
  ...withBatch,
  'import',
  'search',
  'environments',
  'settings',
]);

/**
 * The place a reload of the window returns to (F5 in the browser host): the section, and the
 * batch it showed, as `keep` wrote them. Only those: a search's words or a device may be a CPF,
 * and some browsers write session storage to disk. Anything unreadable is Import.
 */
function keptPlace(): Place {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(placeKey) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return { section: 'import' };
    const { section, batchId } = kept as { section?: unknown; batchId?: unknown };
    if (typeof section !== 'string' || !sections.has(section as Section))
      return { section: 'import' };
    if (withBatch.has(section as Section) && typeof batchId === 'string')
      return { section, batchId } as Place;
    return { section } as Place;
  } catch {
    return { section: 'import' };
  }
}

function keep(place: Place): void {
  const batchId = 'batchId' in place ? place.batchId : undefined;
  try {
    sessionStorage.setItem(placeKey, JSON.stringify({ section: place.section, batchId }));
  } catch {
    // Storage refused (full, or off): a reload returns to Import, as it did.
  }
}

/** Where the analyst is; features move between sections with `go` (no router: one window, few places). */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState<Place>(keptPlace);
  const value = useMemo(
    () => ({
      place,
      go: (next: Place) => {
        keep(next);
        setPlace(next);
      },
    }),
    [place],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

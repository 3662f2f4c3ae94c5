import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { callWithRows } from '../lib/rows-call';
import { queryKeys } from '../lib/query-keys';
import { createRowStoring, type RowStoring, type StoringState } from './row-storing';

const RowStoringContext = createContext<RowStoring | null>(null);

/** The one sender of new batches' rows for the window, above every screen (see row-storing.ts). */
export function RowStoringProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [storing] = useState(() =>
    createRowStoring({
      storeRows: ({ rows, ...input }) => callWithRows('batches.storeRows', input, rows),
      onSettled: (batchId) => {
        void client.invalidateQueries({ queryKey: queryKeys['batches.get'](batchId) });
        void client.invalidateQueries({ queryKey: queryKeys['batches.list']() });
      },
    }),
  );
  return <RowStoringContext.Provider value={storing}>{children}</RowStoringContext.Provider>;
}

export function useRowStoring(): RowStoring {
  const storing = useContext(RowStoringContext);
  if (!storing) throw new Error('useRowStoring needs a RowStoringProvider above it.');
  return storing;
}

/** How this window's sending of a batch's rows goes; undefined when it sends none. */
export function useStoringState(batchId: string): StoringState | undefined {
  const storing = useRowStoring();
  return useSyncExternalStore(storing.subscribe, storing.snapshot).get(batchId);
}

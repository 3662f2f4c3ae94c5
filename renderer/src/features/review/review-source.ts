/**
 * What the queue reviews: one batch's rows, or the hits of a history search. The place says
 * which when another screen sends the analyst here; otherwise the last choice, else the newest
 * batch.
 */
import { useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { useBatchList } from '../batches/use-batches';

export type ReviewSource = { kind: 'batch'; batchId: string } | { kind: 'search'; query: string };

/** A text that changes whenever the source does, for keys and resets. */
export function sourceKey(source: ReviewSource | null): string {
  if (source === null) return 'none';
  return source.kind === 'batch' ? `batch:${source.batchId}` : `search:${source.query}`;
}

export function useReviewSource() {
  const { place, go } = useNavigation();
  const here = place.section === 'review' ? place : undefined;
  const asked: ReviewSource | null = here?.batchId
    ? { kind: 'batch', batchId: here.batchId }
    : here?.query
      ? { kind: 'search', query: here.query }
      : null;
  const [chosen, setChosen] = useState<ReviewSource | null>(asked);
  // A place naming a source replaces the remembered one (adjusting state while rendering).
  if (asked !== null && sourceKey(asked) !== sourceKey(chosen)) setChosen(asked);
  const batches = useBatchList();
  const newest = batches.data?.[0];
  const source: ReviewSource | null =
    asked ?? chosen ?? (newest ? { kind: 'batch', batchId: newest.id } : null);

  return {
    source,
    batches,
    shown: here !== undefined,
    chooseBatch: (batchId: string) => go({ section: 'review', batchId }),
  };
}

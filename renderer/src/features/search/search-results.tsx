import { useMemo, type RefObject } from 'react';
import { useNavigation } from '../../app/navigation';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { HitsTable } from './hits-table';
import { searchCountText } from './format';
import { searchPageSize, useSearch } from './use-search';

interface Props {
  query: string;
  show: boolean;
  onOpenBatch: (batchId: string) => void;
  onOpenDevice: (deviceId: string) => void;
  /** Focused when the analyst comes back from a device. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The lookups matching the query, newest first; an empty history says so rather than nothing. */
export function SearchResults({ query, show, onOpenBatch, onOpenDevice, headingRef }: Props) {
  const { t } = useI18n();
  const results = useSearch(query);
  // A search that failed again keeps its earlier data in the cache: not shown under the error,
  // where it would read as the answer.
  const data = results.error ? undefined : results.data;
  const hits = useMemo(() => data?.pages.flatMap((page) => page.hits) ?? [], [data]);
  // Every match, not only those shown: the newest page comes first, more on request.
  const total = data?.pages.at(-1)?.total ?? 0;
  const { go } = useNavigation();

  return (
    <section
      className="stack search-section"
      aria-labelledby="search-results-title"
      data-testid="search-results"
      aria-busy={results.isFetching}
    >
      <h3 id="search-results-title" ref={headingRef} tabIndex={-1}>
        {t('search.results')}
      </h3>
      {results.isPending ? <p>{t('common.loading')}</p> : null}
      {results.error ? (
        <ErrorNotice error={results.error} onRetry={() => void results.refetch()} />
      ) : null}
      {data ? (
        <p role="status" data-testid="search-count" data-value={total} data-shown={hits.length}>
          {searchCountText(t, total, hits.length)}
        </p>
      ) : null}
      {hits.length > 0 ? (
        <button
          type="button"
          className="button search-fit"
          onClick={() => go({ section: 'review', query })}
          data-testid="review-search-hits"
        >
          {t('review.open.search')}
        </button>
      ) : null}
      {hits.length > 0 ? (
        <HitsTable
          hits={hits}
          caption={t('search.results')}
          show={show}
          onOpenBatch={onOpenBatch}
          onOpenDevice={onOpenDevice}
        />
      ) : null}
      {results.hasNextPage ? (
        <button
          type="button"
          className="button search-fit"
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
          data-testid="search-more"
        >
          {t('search.more', { count: Math.min(searchPageSize, total - hits.length) })}
        </button>
      ) : null}
    </section>
  );
}

import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useI18n } from '../../i18n/i18n';
import { DeviceView } from './device-view';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { useSearch, useSearchPlace } from './use-search';
import './search.css';
import { PersonalDataToggle } from '../../components/personal-data-toggle';

/** The history search, and the device view it opens (the place says which one shows). */
export function SearchPage() {
  const { t } = useI18n();
  const place = useSearchPlace();
  const results = useSearch(place.query);
  const [show, setShow] = useState(false);
  /** The last query typed was refused: nothing below answers it, so nothing shows. */
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  function search(query: string) {
    setRefused(false);
    // The same query again means "look again": the history may have grown since.
    if (query === place.query && place.deviceId === undefined) void results.refetch();
    else place.search(query);
  }

  function back() {
    if (place.backLeaves) return place.back();
    // Render the results now, so focus can return to them rather than fall to the page.
    flushSync(place.back);
    (resultsHeading.current ?? input.current)?.focus();
  }

  return (
    <section aria-labelledby="search-title" className="page">
      <h2 id="search-title">{t('search.title')}</h2>
      <p className="hint">{t('search.intro')}</p>
      <SearchForm
        query={place.query}
        onSearch={search}
        onRefuse={() => setRefused(true)}
        inputRef={input}
      />
      <div className="row">
        <PersonalDataToggle
          shown={show}
          onChange={setShow}
          testId="show-personal-data-search"
          className="search-checkbox"
        />
        <span className="hint">{t('search.personal.hint')}</span>
      </div>
      {refused ? null : place.deviceId !== undefined ? (
        <DeviceView
          key={place.deviceId}
          deviceId={place.deviceId}
          show={show}
          onBack={back}
          onOpenBatch={place.openBatch}
          onOpenDevice={place.openDevice}
        />
      ) : place.query === '' ? (
        <p className="hint">{t('search.start')}</p>
      ) : (
        <SearchResults
          query={place.query}
          show={show}
          onOpenBatch={place.openBatch}
          onOpenDevice={place.openDevice}
          headingRef={resultsHeading}
        />
      )}
    </section>
  );
}

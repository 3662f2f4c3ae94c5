import { useId, useState, type RefObject } from 'react';
import { maxDeviceIdChars } from '../../../../shared/domain/insight';
import { useI18n } from '../../i18n/i18n';

interface Props {
  /** The query on screen; the field follows it when another screen sends one. */
  query: string;
  onSearch: (query: string) => void;
  /** A query refused before searching: the results of the one before no longer answer it. */
  onRefuse: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** One field for any identifier the history keeps: external ID, session ID, device ID or CPF. */
export function SearchForm({ query, onSearch, onRefuse, inputRef }: Props) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(query);
  const [shown, setShown] = useState(query);
  /** The length of a query too long to be any identifier, said instead of searching. */
  const [tooLong, setTooLong] = useState<number | null>(null);
  if (query !== shown) {
    setShown(query);
    setText(query);
  }

  return (
    <form
      role="search"
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        // Said, not cut: a pasted ID cut to the box's length would search for another one.
        if (trimmed.length > maxDeviceIdChars) {
          setTooLong(trimmed.length);
          onRefuse();
        } else if (trimmed !== '') onSearch(trimmed);
      }}
    >
      <label htmlFor={id}>{t('search.label')}</label>
      <div className="row">
        <input
          id={id}
          ref={inputRef}
          className="input grow"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTooLong(null);
          }}
          aria-invalid={tooLong !== null}
          aria-describedby={tooLong === null ? undefined : `${id}-too-long`}
          required
          data-testid="search-input"
        />
        <button type="submit" className="button button-primary" data-testid="search-submit">
          {t('search.submit')}
        </button>
      </div>
      {tooLong === null ? null : (
        <p id={`${id}-too-long`} className="notice notice-error" role="alert">
          {t('search.tooLong', { length: tooLong, max: maxDeviceIdChars })}
        </p>
      )}
    </form>
  );
}

import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { browserStore } from './mapping-memory';
import { clearRecentFiles, readRecentFiles, rememberFile, type RecentFile } from './recent-files';

/** The recent-files list of this workstation, and the two things that change it. */
export function useRecentFiles() {
  const [list, setList] = useState<RecentFile[]>(() => readRecentFiles(browserStore()));
  const remember = useCallback((name: string) => {
    setList(rememberFile(browserStore(), name, new Date()));
  }, []);
  const clear = useCallback(() => {
    clearRecentFiles(browserStore());
    setList([]);
  }, []);
  return { list, remember, clear };
}

/**
 * "Recent files": the names and dates of the spreadsheets opened here, as a reminder of where
 * the analyst left off. The app cannot reopen a file by itself (it never keeps a path), so the
 * list only names them; "Clear the list" forgets them.
 */
export function RecentFilesList({ list, onClear }: { list: RecentFile[]; onClear: () => void }) {
  const { t, locale } = useI18n();
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="recent-files-title"
      className="recent-files"
      data-testid="recent-files"
    >
      <div className="row spread">
        <h3 id="recent-files-title">{t('import.recentFiles.title')}</h3>
        <button
          type="button"
          className="button button-small"
          onClick={onClear}
          data-testid="recent-files-clear"
        >
          {t('import.recentFiles.clear')}
        </button>
      </div>
      <p className="hint">{t('import.recentFiles.hint')}</p>
      <ul className="recent-files-list">
        {list.map((entry) => (
          <li key={entry.name}>
            <span className="recent-file-name" title={entry.name}>
              {entry.name}
            </span>{' '}
            <time className="hint" dateTime={entry.openedAt}>
              {formatDateTime(entry.openedAt, locale)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

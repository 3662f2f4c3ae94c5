import { useId, useState } from 'react';
import { focusSoon } from '../../app/focus-keeper';
import { VirtualList } from '../../components/virtual-list';
import { useI18n } from '../../i18n/i18n';
import { laterDuplicates, type DuplicateGroup } from './effective-report';

interface DuplicatesPanelProps {
  groups: DuplicateGroup[];
  onExclude: (rows: number[]) => void;
  onInclude: (rows: number[]) => void;
}

/** External IDs on more than one row, with a one-click "send each once". */
export function DuplicatesPanel({ groups, onExclude, onInclude }: DuplicatesPanelProps) {
  const { t } = useI18n();
  const id = useId();
  const later = laterDuplicates(groups);
  // What the last "Exclude later duplicates" did, said where focus goes (the button disables).
  const [excludedNow, setExcludedNow] = useState<number | null>(null);
  const rowList = (key: 'import.duplicates.kept' | 'import.duplicates.excluded', rows: number[]) =>
    t(key, { count: rows.length, rows: rows.join(', ') });
  return (
    <section aria-labelledby={`${id}-title`} className="import-duplicates" data-testid="duplicates">
      <h4 id={`${id}-title`}>{t('import.duplicates.title')}</h4>
      <div className="row spread">
        <p data-testid="duplicates-intro">
          {t(later.length === 0 ? 'import.duplicates.introResolved' : 'import.duplicates.intro', {
            groups: groups.length,
          })}
        </p>
        <button
          type="button"
          className="button"
          disabled={later.length === 0}
          onClick={() => {
            onExclude(later);
            setExcludedNow(later.length);
            focusSoon('duplicates-status');
          }}
          data-testid="exclude-later-duplicates"
        >
          {t('import.duplicates.excludeLater')}
        </button>
      </div>
      <p role="status" tabIndex={-1} data-testid="duplicates-status">
        {excludedNow !== null && later.length === 0
          ? t('import.duplicates.excludedStatus', { count: excludedNow })
          : null}
      </p>
      <VirtualList
        items={groups}
        rowHeight={44}
        maxHeight={44 * 5}
        itemKey={(group) => group.externalID}
        label={t('import.duplicates.list')}
        className="duplicate-list"
        renderItem={(group) => {
          const included = group.rows.filter((row) => !row.excluded);
          const excluded = group.rows.filter((row) => row.excluded).map((row) => row.row);
          // Which rows are sent and which are not, each said once: "(excluded)" after the last
          // number read as if it were about every row.
          const rows =
            excluded.length === 0
              ? t('import.duplicates.rows', { rows: group.rows.map((row) => row.row).join(', ') })
              : [
                  included.length > 0
                    ? rowList(
                        'import.duplicates.kept',
                        included.map((row) => row.row),
                      )
                    : null,
                  rowList('import.duplicates.excluded', excluded),
                ]
                  .filter((part) => part !== null)
                  .join('; ');
          return (
            <div className="duplicate-group" data-testid="duplicate-group">
              <code className="duplicate-id">{group.externalID}</code>
              <span className="duplicate-rows">{rows}</span>
              {included.length > 1 ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onExclude(laterDuplicates([group]))}
                >
                  {t('import.duplicates.keepFirst')}
                </button>
              ) : (
                <span className="hint">{t('import.duplicates.resolved')}</span>
              )}
              {included.length < group.rows.length ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onInclude(group.rows.map((row) => row.row))}
                >
                  {t('import.duplicates.includeAll')}
                </button>
              ) : null}
            </div>
          );
        }}
      />
    </section>
  );
}

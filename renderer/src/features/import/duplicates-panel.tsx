import { useId } from 'react';
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
  const excludedWord = t('import.row.excluded').toLowerCase();
  return (
    <section aria-labelledby={`${id}-title`} className="import-duplicates" data-testid="duplicates">
      <h4 id={`${id}-title`}>{t('import.duplicates.title')}</h4>
      <div className="row spread">
        <p>{t('import.duplicates.intro', { groups: groups.length })}</p>
        <button
          type="button"
          className="button"
          disabled={later.length === 0}
          onClick={() => onExclude(later)}
          data-testid="exclude-later-duplicates"
        >
          {t('import.duplicates.excludeLater')}
        </button>
      </div>
      <VirtualList
        items={groups}
        rowHeight={44}
        maxHeight={44 * 5}
        itemKey={(group) => group.externalID}
        label={t('import.duplicates.list')}
        className="duplicate-list"
        renderItem={(group) => {
          const included = group.rows.filter((row) => !row.excluded);
          const rows = group.rows
            .map((row) => (row.excluded ? `${String(row.row)} (${excludedWord})` : String(row.row)))
            .join(', ');
          return (
            <div className="duplicate-group" data-testid="duplicate-group">
              <code className="duplicate-id">{group.externalID}</code>
              <span className="duplicate-rows">{t('import.duplicates.rows', { rows })}</span>
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

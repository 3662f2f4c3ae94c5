import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { checkSourceRow, notesAfterEdit } from '../../../../shared/spreadsheet/lost-digits';
import type { RawTransaction } from '../../../../shared/domain/types';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import { useI18n } from '../../i18n/i18n';
import type { RowView } from './effective-report';
import { offendingFields, shownValue, sourceField } from './personal-data';
import { describeProblem } from '../../lib/field-problem-text';
import { fieldLabels } from './problem-text';
import { draftOf, editorFields, fixOf } from './row-fix';

interface RowEditorProps {
  view: RowView;
  /** "Show personal data" is on: every value shows as it is. */
  show: boolean;
  mapping: ColumnMapping;
  onApply: (raw: RawTransaction) => void;
  onClose: () => void;
}

/**
 * A modal dialog to correct one row, checked on every keystroke with the same rules as the core
 * (one row is cheap on the main thread). "Apply" is possible once the row is valid.
 */
export function RowEditor({ view, show, mapping, onApply, onClose }: RowEditorProps) {
  const { t } = useI18n();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const fields = useMemo(() => editorFields(mapping, view), [mapping, view]);
  const [draft, setDraft] = useState(() => draftOf(view.raw, fields));
  const fix = useMemo(() => fixOf(draft, fields), [draft, fields]);
  // A value that lost digits or was an Excel error stays at fault until it is typed again.
  const check = useMemo(
    () => checkSourceRow({ raw: fix, notes: notesAfterEdit(view.notes, fix, view.sheetRaw) }),
    [fix, view],
  );
  const problems = check.ok ? [] : check.problems;
  // A personal value at fault is the fix and shows as it is; the others stay masked (and read-only,
  // since a mask cannot be edited) until revealed here or with "Show personal data".
  const atFault = useMemo(
    () => offendingFields([...view.originalProblems, ...view.problems], view.raw),
    [view],
  );
  const [revealed, setRevealed] = useState<ReadonlySet<MappableField>>(new Set());
  const masked = (field: MappableField) =>
    !show &&
    !atFault.includes(field) &&
    !revealed.has(field) &&
    shownValue(field, draft[field], false) !== draft[field];

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    // Straight to the first value at fault rather than the first input.
    element.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, []);

  const problemsOf = (field: MappableField) =>
    problems.filter(
      (problem) => fields.includes(field) && sourceField(problem.field, fix) === field,
    );
  const elsewhere = problems.filter((problem) => !fields.includes(sourceField(problem.field, fix)));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (check.ok) onApply(fix);
  };

  return (
    <dialog
      ref={dialog}
      className="row-editor"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="row-editor"
    >
      <form className="stack" onSubmit={submit}>
        <h3 id={`${id}-title`}>{t('import.editor.title', { row: String(view.row) })}</h3>
        <p className="hint">{t('import.editor.intro')}</p>
        {fields.map((field) => {
          const own = problemsOf(field);
          return (
            <div key={field} className="stack row-editor-field">
              <label htmlFor={`${id}-${field}`}>{t(fieldLabels[field])}</label>
              <div className="row">
                <input
                  id={`${id}-${field}`}
                  className="input grow"
                  value={masked(field) ? shownValue(field, draft[field], false) : draft[field]}
                  readOnly={masked(field)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={own.length > 0}
                  aria-describedby={own.length > 0 ? `${id}-${field}-problem` : undefined}
                  onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                  data-testid={`editor-${field}`}
                />
                {masked(field) ? (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('import.editor.revealLabel', { field: t(fieldLabels[field]) })}
                    onClick={() => {
                      setRevealed(new Set(revealed).add(field));
                      // The button goes; the value it revealed is where the analyst goes next.
                      document.getElementById(`${id}-${field}`)?.focus();
                    }}
                    data-testid={`editor-reveal-${field}`}
                  >
                    {t('import.editor.reveal')}
                  </button>
                ) : null}
              </div>
              {own.length > 0 ? (
                <p id={`${id}-${field}-problem`} className="field-problem">
                  {own.map((problem) => describeProblem(t, problem)).join('; ')}
                </p>
              ) : null}
            </div>
          );
        })}
        <p
          role="status"
          className={check.ok ? 'success' : 'field-problem'}
          data-testid="editor-status"
        >
          {check.ok
            ? t('import.editor.valid')
            : elsewhere.map((problem) => describeProblem(t, problem)).join('; ')}
        </p>
        <div className="row">
          <button
            type="submit"
            className="button button-primary"
            disabled={!check.ok}
            data-testid="editor-apply"
          >
            {t('import.editor.apply')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => dialog.current?.close()}
            data-testid="editor-cancel"
          >
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

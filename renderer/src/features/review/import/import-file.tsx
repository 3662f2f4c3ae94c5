import { useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';

/** Where an outcomes spreadsheet comes in: dropped on the zone, or chosen with the button. */
export function ImportFile({ onFile, maxRows }: { onFile: (file: File) => void; maxRows: number }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hover = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    <div
      className={over ? 'review-drop review-drop-over' : 'review-drop'}
      onDragEnter={hover}
      onDragOver={hover}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <p className="review-drop-title">{t('review.import.drop')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => input.current?.click()}
        data-testid="review-import-choose"
      >
        {t('review.import.choose')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls,.csv"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('review.import.input')}
        data-testid="review-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="hint">{t('review.import.hint', { rows: maxRows })}</p>
    </div>
  );
}

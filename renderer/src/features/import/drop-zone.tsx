import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../../i18n/i18n';

/** Where a spreadsheet comes in: dropped on the zone, or chosen with the button. */
export function DropZone({ onFile, maxRows }: { onFile: (file: File) => void; maxRows: number }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    // A file dropped beside the zone would otherwise make the window navigate to it.
    const stop = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);

  const hover = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      className={over ? 'drop-zone drop-zone-over' : 'drop-zone'}
      data-testid="drop-zone"
      onDragEnter={hover}
      onDragOver={hover}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="drop-zone-title">{t('import.drop.title')}</p>
      <p className="hint">{t('import.drop.or')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => input.current?.click()}
      >
        {t('import.drop.choose')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls,.csv"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('import.drop.input')}
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="hint">{t('import.drop.hint', { rows: maxRows })}</p>
    </div>
  );
}

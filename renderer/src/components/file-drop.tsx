import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import './file-drop.css';

interface FileButtonProps {
  /** File kinds the OS dialog offers, such as `.xlsx,.xls,.csv`. */
  accept: string;
  label: string;
  /** The accessible name of the hidden input (tests set files on it). */
  inputLabel: string;
  onFile: (file: File) => void;
  primary?: boolean;
  testId?: string;
  inputTestId?: string;
}

/** A button that opens the OS file dialog; the same file chosen again is read again. */
export function FileButton(props: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={props.primary ? 'button button-primary' : 'button'}
        onClick={() => input.current?.click()}
        data-testid={props.testId}
      >
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={props.inputLabel}
        data-testid={props.inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) props.onFile(file);
        }}
      />
    </>
  );
}

interface FileDropProps {
  title: string;
  onFile: (file: File) => void;
  /** The button (a FileButton), the hints: what sits in the zone under its title. */
  children: ReactNode;
  /** One line instead of a column, for a zone inside a panel. */
  compact?: boolean;
  testId?: string;
}

/** Where a file comes in: dropped on the zone, or chosen with the button inside it. */
export function FileDrop({ title, onFile, children, compact, testId }: FileDropProps) {
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
  const classes = ['drop-zone', compact ? 'drop-zone-compact' : '', over ? 'drop-zone-over' : ''];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-testid={testId}
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
      <p className="drop-zone-title">{title}</p>
      {children}
    </div>
  );
}

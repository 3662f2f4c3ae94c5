import { useCallback, useEffect, useState } from 'react';
import { commandForKey, type AppCommandId } from '../../../shared/app-commands';
import { api } from '../lib/device-check';
import { useNavigation, type Section } from './navigation';

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type))
  );
}

/**
 * Runs the app's commands from the keyboard and from the Electron menu (`main:app.command`), the
 * same way for both. Returns whether the shortcut list is open, and the function that closes it.
 */
export function useAppCommands(): { shortcutsOpen: boolean; closeShortcuts: () => void } {
  const { go } = useNavigation();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const run = useCallback(
    (command: AppCommandId) => {
      if (command === 'shortcuts.show') return setShortcutsOpen(true);
      if (command === 'import.open') {
        go({ section: 'import' });
        // The Import screen stays mounted; its file input opens the system's file chooser.
        document.querySelector<HTMLInputElement>('[data-testid="import-file-input"]')?.click();
        return;
      }
      go({ section: command.slice('go.'.length) as Section });
    },
    [go],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = commandForKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inTextField: typingIn(event.target),
      });
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    const unsubscribe = api.onAppCommand(({ command }) => run(command));
    return () => {
      window.removeEventListener('keydown', onKey);
      unsubscribe();
    };
  }, [run]);

  return { shortcutsOpen, closeShortcuts: () => setShortcutsOpen(false) };
}

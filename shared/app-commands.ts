/**
 * The app's own commands: what the keyboard shortcuts, the shortcut list and the Electron menu
 * offer. One table, so the menu and the page never disagree on a key or a name; the menu sends
 * the command's id to the window (`main:app.command`), which runs it as it runs the shortcut.
 */

export const appCommandIds = [
  'import.open',
  'go.import',
  'go.batches',
  'go.review',
  'go.uploads',
  'go.search',
  'go.environments',
  'go.settings',
  'shortcuts.show',
] as const;

export type AppCommandId = (typeof appCommandIds)[number];

export interface AppCommand {
  id: AppCommandId;
  /** Electron's accelerator for the menu (`CmdOrCtrl` is Ctrl, or ⌘ on macOS). */
  accelerator: string;
  /** The keys as the shortcut list shows them (Ctrl stands for ⌘ on macOS). */
  keys: readonly string[];
  /** Other keys for the same command, shown beside the first (`?` for the shortcut list). */
  alternatives?: readonly (readonly string[])[];
  /** The menu the command sits in. */
  menu: 'file' | 'go' | 'help';
  label: { en: string; 'pt-BR': string };
}

const section = (id: AppCommandId, digit: number, en: string, ptBR: string): AppCommand => ({
  id,
  accelerator: `CmdOrCtrl+${String(digit)}`,
  keys: ['Ctrl', String(digit)],
  menu: 'go',
  label: { en, 'pt-BR': ptBR },
});

export const appCommands: readonly AppCommand[] = [
  {
    id: 'import.open',
    accelerator: 'CmdOrCtrl+O',
    keys: ['Ctrl', 'O'],
    menu: 'file',
    label: { en: 'Import a spreadsheet…', 'pt-BR': 'Importar uma planilha…' },
  },
  section('go.import', 1, 'Import', 'Importar'),
  section('go.batches', 2, 'Batches', 'Lotes'),
  section('go.review', 3, 'Review', 'Revisão'),
  section('go.uploads', 4, 'Send outcomes', 'Enviar resultados'),
  section('go.search', 5, 'Search', 'Pesquisa'),
  section('go.environments', 6, 'Environments', 'Ambientes'),
  section('go.settings', 7, 'Settings', 'Configurações'),
  {
    id: 'shortcuts.show',
    accelerator: 'CmdOrCtrl+/',
    keys: ['Ctrl', '/'],
    alternatives: [['?']],
    menu: 'help',
    label: { en: 'Keyboard shortcuts', 'pt-BR': 'Atalhos de teclado' },
  },
];

/** The part of a keyboard event a shortcut depends on. */
export interface ShortcutPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Whether the key was typed into a text field, where `?` is text, not a command. */
  inTextField: boolean;
}

/** The command a key press asks for, or null. Ctrl on Windows and Linux, ⌘ on macOS. */
export function commandForKey(press: ShortcutPress): AppCommandId | null {
  if (press.altKey) return null;
  const modifier = press.ctrlKey || press.metaKey;
  if (!modifier) return press.key === '?' && !press.inTextField ? 'shortcuts.show' : null;
  const key = press.key.toLowerCase();
  const found = appCommands.find(
    (command) => command.keys.length === 2 && command.keys[1]?.toLowerCase() === key,
  );
  return found?.id ?? null;
}

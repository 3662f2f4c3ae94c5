import { describe, expect, it } from 'vitest';
import { appCommandIds, appCommands, commandForKey, type ShortcutPress } from './app-commands';

const press = (key: string, more: Partial<ShortcutPress> = {}): ShortcutPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...more,
});

describe('app commands', () => {
  it('lists every command once, each with a key, a menu and a name in both languages', () => {
    expect(appCommands.map((command) => command.id)).toEqual([...appCommandIds]);
    const accelerators = appCommands.map((command) => command.accelerator);
    expect(new Set(accelerators).size).toBe(accelerators.length);
    for (const command of appCommands) {
      expect(command.label.en).not.toBe('');
      expect(command.label['pt-BR']).not.toBe('');
      expect(command.label['pt-BR']).not.toBe(command.label.en);
    }
  });

  it('answers each menu accelerator with its own command, with Ctrl or ⌘', () => {
    for (const command of appCommands) {
      const key = command.accelerator.replace('CmdOrCtrl+', '');
      expect(commandForKey(press(key, { ctrlKey: true }))).toBe(command.id);
      expect(commandForKey(press(key.toLowerCase(), { metaKey: true }))).toBe(command.id);
    }
  });

  it('opens the shortcut list with ?, except while typing; ignores other keys', () => {
    expect(commandForKey(press('?'))).toBe('shortcuts.show');
    expect(commandForKey(press('?', { inTextField: true }))).toBeNull();
    expect(commandForKey(press('o'))).toBeNull();
    expect(commandForKey(press('o', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(commandForKey(press('9', { ctrlKey: true }))).toBeNull();
    // Ctrl+A stays the review queue's "select all".
    expect(commandForKey(press('a', { ctrlKey: true }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { movedIndex, queueKeyAction, type KeyPress } from './queue-keys';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('the review queue keys', () => {
  it('maps 1, 2, 3 to the outcomes in the order of the service, 4 to Legítima, 0 to clearing', () => {
    expect(queueKeyAction(press('1'))).toEqual({ type: 'set', outcome: 'Suspeito' });
    expect(queueKeyAction(press('2'))).toEqual({ type: 'set', outcome: 'Fraude Confirmada' });
    expect(queueKeyAction(press('3'))).toEqual({ type: 'set', outcome: 'Device Positivado' });
    expect(queueKeyAction(press('0'))).toEqual({ type: 'set', outcome: null });
    expect(queueKeyAction(press('4'))).toEqual({ type: 'set', outcome: 'Legítima' });
    expect(queueKeyAction(press('5'))).toBeNull();
  });

  it('ignores a held outcome key, which would otherwise set the rows after this one too', () => {
    expect(queueKeyAction(press('2', { repeat: true }))).toBeNull();
    expect(queueKeyAction(press('0', { repeat: true }))).toBeNull();
    // Moving by holding J stays possible.
    expect(queueKeyAction(press('j', { repeat: true }))).toEqual({
      type: 'move',
      by: 1,
      extend: false,
    });
  });

  it('moves with J and K, the arrows and the page keys; Shift extends the selection', () => {
    expect(queueKeyAction(press('j'))).toEqual({ type: 'move', by: 1, extend: false });
    expect(queueKeyAction(press('K', { shiftKey: true }))).toEqual({
      type: 'move',
      by: -1,
      extend: true,
    });
    expect(queueKeyAction(press('ArrowDown'))).toEqual({ type: 'move', by: 1, extend: false });
    expect(queueKeyAction(press('ArrowUp'))).toEqual({ type: 'move', by: -1, extend: false });
    expect(queueKeyAction(press('PageDown'))).toEqual({ type: 'move', by: 10, extend: false });
    expect(queueKeyAction(press('End'))).toEqual({ type: 'edge', to: 'last', extend: false });
  });

  it('opens with Enter, closes with Escape, toggles with Space and selects all with Ctrl+A', () => {
    expect(queueKeyAction(press('Enter'))).toEqual({ type: 'open' });
    expect(queueKeyAction(press('Escape'))).toEqual({ type: 'close' });
    expect(queueKeyAction(press(' '))).toEqual({ type: 'toggle' });
    expect(queueKeyAction(press('a', { ctrlKey: true }))).toEqual({ type: 'selectAll' });
    expect(queueKeyAction(press('A', { metaKey: true }))).toEqual({ type: 'selectAll' });
  });

  it('leaves shortcuts of the browser and the system alone', () => {
    expect(queueKeyAction(press('1', { ctrlKey: true }))).toBeNull();
    expect(queueKeyAction(press('j', { altKey: true }))).toBeNull();
    expect(queueKeyAction(press('r', { ctrlKey: true }))).toBeNull();
    expect(queueKeyAction(press('Tab'))).toBeNull();
  });

  it('keeps moves inside the list', () => {
    expect(movedIndex(0, { type: 'move', by: -1, extend: false }, 5)).toBe(0);
    expect(movedIndex(4, { type: 'move', by: 1, extend: false }, 5)).toBe(4);
    expect(movedIndex(2, { type: 'move', by: 10, extend: false }, 5)).toBe(4);
    expect(movedIndex(3, { type: 'edge', to: 'first', extend: false }, 5)).toBe(0);
    expect(movedIndex(0, { type: 'move', by: 1, extend: false }, 0)).toBe(-1);
  });
});

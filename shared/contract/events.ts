import type { AppCommandId } from '../app-commands';
import type { BatchEvent } from '../batch';
import type { Settings } from '../settings';
import type { OperationName } from './operations';

/**
 * Outcomes (or what has been sent of them) changed in the history: every window refreshes what
 * shows them, as it does for batch progress. `operation` names the call that changed them.
 */
export interface OutcomesChangedEvent {
  /** The operation that changed them, or `elsewhere`: another process on the same history. */
  operation: OperationName | 'elsewhere';
}

/**
 * A bulk outcome over a filter (`outcomes.setFiltered`) has gone through the batch's rows up to
 * row `done` of `total`: over a million rows it takes minutes, written slice by slice, so the
 * window shows how far it is. `main:outcomes.changed` follows when it ends.
 */
export interface OutcomesProgressEvent {
  batchId: string;
  done: number;
  total: number;
}

/**
 * The core is building a response-variable file (`outcomes.buildFile`): `done` of its `total`
 * rows read from the history. A million rows are seconds of reading and writing, so the sending
 * screen shows how far it is.
 */
export interface OutcomesFileProgressEvent {
  done: number;
  total: number;
}

/**
 * How far a results export is (`results.export` with an `exportId`): rows written of the rows it
 * will write, at its start, a few times a second at most while it writes, and once all are.
 * A million rows of xlsx are tens of seconds, so the results screen shows how far it is.
 */
export interface ResultsExportProgressEvent {
  exportId: string;
  done: number;
  total: number;
}

/**
 * The analyst's settings changed (language, theme, masking, addresses): every window, and the
 * app's menu, follow at once instead of at the next start.
 */
export interface SettingsChangedEvent {
  language: Settings['language'];
}
import { event } from './define';

/**
 * Every event the main process pushes to the renderer. Names carry their direction; the preload
 * exposes each as `on<Name>(handler)`, which returns its unsubscribe function.
 */
export const events = {
  'main:batch.progress': event<BatchEvent>(),
  'main:outcomes.changed': event<OutcomesChangedEvent>(),
  'main:outcomes.progress': event<OutcomesProgressEvent>(),
  'main:outcomes.fileProgress': event<OutcomesFileProgressEvent>(),
  'main:results.exportProgress': event<ResultsExportProgressEvent>(),
  'main:settings.changed': event<SettingsChangedEvent>(),
  /** A menu item chosen in the app's menu: the window runs it as it runs the same shortcut. */
  'main:app.command': event<{ command: AppCommandId }>(),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type PayloadOf<N extends EventName> = NonNullable<Events[N]['payload']>;

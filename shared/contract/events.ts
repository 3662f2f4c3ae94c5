import type { BatchEvent } from '../batch';
import { event } from './define';

/**
 * Every event the main process pushes to the renderer. Names carry their direction; the preload
 * exposes each as `on<Name>(handler)`, which returns its unsubscribe function.
 */
export const events = {
  'main:batch.progress': event<BatchEvent>(),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type PayloadOf<N extends EventName> = NonNullable<Events[N]['payload']>;

import type { Section } from '../../app/navigation';
import type { MessageKey } from '../../i18n/messages';

/** One stop of the tour: the section whose navigation button it points at, and what it says. */
export interface TourStep {
  target: Section;
  title: MessageKey;
  body: MessageKey;
}

/** The flow in four stops: import → run → review → send. Lookups are followed under Batches. */
export const tourSteps: readonly TourStep[] = [
  { target: 'import', title: 'tour.import.title', body: 'tour.import.body' },
  { target: 'batches', title: 'tour.run.title', body: 'tour.run.body' },
  { target: 'review', title: 'tour.review.title', body: 'tour.review.body' },
  { target: 'uploads', title: 'tour.send.title', body: 'tour.send.body' },
];

/** The attribute that marks a navigation button as a stop of the tour. */
export const tourTargetAttribute = 'data-tour-target';

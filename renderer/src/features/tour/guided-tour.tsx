import { useCallback, useRef } from 'react';
import { useSettings } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { TourDialog } from './tour-dialog';
import { useTour } from './use-tour';
import './tour.css';

/**
 * The help button of the header ("Show the tour") and the tour itself, which opens by itself on a
 * first run. The navigation buttons it points at carry `data-tour-target` (see tour-steps.ts).
 */
export function GuidedTour() {
  const { t } = useI18n();
  const tour = useTour();
  const sandbox = useSettings().data?.activeEnvironment === 'sandbox';
  const help = useRef<HTMLButtonElement>(null);
  const returnFocus = useCallback(() => help.current, []);

  return (
    <>
      <button
        ref={help}
        type="button"
        className="tour-help"
        aria-label={t('tour.show')}
        title={t('tour.show')}
        onClick={tour.start}
        data-testid="tour-show"
      >
        ?
      </button>
      {tour.open ? (
        <TourDialog
          step={tour.step}
          onStep={tour.setStep}
          onClose={tour.close}
          returnFocus={returnFocus}
          sandbox={sandbox}
        />
      ) : null}
    </>
  );
}

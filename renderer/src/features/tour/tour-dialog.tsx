import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { placeCard, type Box, type CardPlacement } from './tour-position';
import { tourSteps, tourTargetAttribute } from './tour-steps';

interface TourDialogProps {
  /** 0-based. */
  step: number;
  onStep: (step: number) => void;
  onClose: () => void;
  /** Where focus goes when the tour closes and nothing had it before (the help button). */
  returnFocus: () => HTMLElement | null;
  /** Adds the sandbox note to the first step. */
  sandbox: boolean;
}

type Layout = CardPlacement & { spot: Box };

function targetOf(section: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${tourTargetAttribute}="${section}"]`);
}

/**
 * The tour as a coachmark on the native modal `<dialog>`: the rest of the window is inert while it
 * shows, Escape closes it, and focus starts on "Next" and goes back where it was afterwards. A
 * ring lights up the navigation button of the step; the card sits beside it with an arrow. Without
 * the button (a layout that hides it), the card is centred on a dimmed window.
 */
export function TourDialog({ step, onStep, onClose, returnFocus, sandbox }: TourDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const current = tourSteps[step] ?? tourSteps[0];
  const last = step === tourSteps.length - 1;

  useLayoutEffect(() => {
    const element = dialog.current;
    const before = document.activeElement;
    const previous = before instanceof HTMLElement && before !== document.body ? before : null;
    element?.showModal();
    next.current?.focus();
    return () => {
      // Closed before React removes it, so the window is no longer inert when focus returns.
      element?.close();
      (previous?.isConnected ? previous : returnFocus())?.focus();
    };
  }, [returnFocus]);

  // Back disappears on the first step: focus that was on it comes back to Next.
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) next.current?.focus();
  }, [step]);

  const section = current?.target;
  useLayoutEffect(() => {
    const measure = () => {
      const target = section ? targetOf(section) : null;
      const box = card.current?.getBoundingClientRect();
      if (!target || !box || target.offsetParent === null) {
        setLayout(null);
        return;
      }
      const spot = target.getBoundingClientRect();
      // The window less its scroll bars: a card under the page's scroll bar is cut by it.
      const { clientWidth, clientHeight } = document.documentElement;
      const viewport = { width: clientWidth, height: clientHeight };
      setLayout({ spot, ...placeCard(spot, box, viewport) });
    };
    targetOf(section ?? '')?.scrollIntoView({ block: 'nearest' });
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [section, step, t]);

  if (!current) return null;
  return (
    <dialog
      ref={dialog}
      className={layout ? 'tour' : 'tour tour-centred'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-progress ${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="tour"
    >
      {layout ? (
        <div
          className="tour-spot"
          aria-hidden="true"
          style={{
            top: layout.spot.top - 3,
            left: layout.spot.left - 3,
            width: layout.spot.width + 6,
            height: layout.spot.height + 6,
          }}
        />
      ) : null}
      <div
        ref={card}
        className={`tour-card tour-card-${layout?.side ?? 'centred'}`}
        style={layout ? { top: layout.top, left: layout.left } : undefined}
        data-testid="tour-card"
      >
        {layout ? (
          <span className="tour-arrow" aria-hidden="true" style={{ left: layout.arrowLeft }} />
        ) : null}
        {/*
          Its own scroll box, under the arrow: a zoomed window can be shorter than the card, and
          focus then scrolls the focused button into view inside it.
        */}
        <div className="tour-card-scroll">
          <p id={`${id}-progress`} className="tour-progress">
            {t('tour.progress', { step: step + 1, total: tourSteps.length })}
          </p>
          <div aria-live="polite">
            <h2 id={`${id}-title`} className="tour-title">
              {t(current.title)}
            </h2>
            <p id={`${id}-body`}>{t(current.body)}</p>
            {step === 0 && sandbox ? <p className="hint">{t('tour.sandbox')}</p> : null}
          </div>
          <div className="tour-buttons">
            {last ? null : (
              <button type="button" className="button tour-skip" onClick={onClose}>
                {t('tour.skip')}
              </button>
            )}
            {step > 0 ? (
              <button type="button" className="button" onClick={() => onStep(step - 1)}>
                {t('tour.back')}
              </button>
            ) : null}
            <button
              ref={next}
              type="button"
              className="button button-primary"
              onClick={() => (last ? onClose() : onStep(step + 1))}
            >
              {t(last ? 'tour.finish' : 'tour.next')}
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}

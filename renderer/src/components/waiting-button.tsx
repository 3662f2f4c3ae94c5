import type { ButtonHTMLAttributes, Ref } from 'react';

interface WaitingButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** What the button started is on its way: it cannot be used again until it is back. */
  waiting: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that keeps focus while what it started is on its way (a question the core is asked
 * before its dialog opens, the action confirmed there): `aria-disabled` and clicks ignored, not
 * `disabled`. A disabled button loses focus, the window's focus keeper moves it to a neighbour,
 * and a dialog opened then gives focus back to that neighbour when it closes: an outside tester
 * pressed Escape on "Delete batch…", then Enter, and left the batch for the list.
 */
export function WaitingButton({ waiting, onClick, ...rest }: WaitingButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      aria-disabled={waiting}
      onClick={(event) => {
        if (!waiting) onClick?.(event);
      }}
    />
  );
}

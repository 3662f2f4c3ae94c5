import type { EnvironmentName } from '../../../../shared/environment';
import { WaitingButton } from '../../components/waiting-button';
import { useI18n } from '../../i18n/i18n';
import type { SendFlow, SendRequest } from './use-send';

interface SendButtonProps {
  flow: SendFlow;
  environment: EnvironmentName;
  request: SendRequest;
  disabled?: boolean;
  testId: string;
  /** A shorter label, for a line of the ledger. */
  label?: string;
  /** Whether this button's request is the one on its way (several buttons may share a flow). */
  active?: boolean;
  /** A small plain button, for a line of a table. */
  small?: boolean;
  /** The full name for assistive technology, when the label alone is ambiguous (one per line). */
  ariaLabel?: string;
}

/** Starts a send to the active environment, named on the button; waits while one is on its way. */
export function SendButton(props: SendButtonProps) {
  const { flow, environment, request, disabled, testId, label } = props;
  const { t } = useI18n();
  const env = t(`env.${environment}`);
  const busy = flow.busy || flow.step.name !== 'idle';
  return (
    // Waiting, not disabled, while a send or its question is on: the button keeps focus, and a
    // question (production, or the core's re-send check) gives it back when answered.
    <WaitingButton
      className={[
        'button',
        props.small ? 'button-small' : 'button-primary',
        environment === 'production' ? 'send-production' : '',
      ].join(' ')}
      disabled={disabled === true}
      waiting={busy}
      aria-busy={flow.busy && props.active !== false}
      aria-label={props.ariaLabel}
      onClick={() => flow.start(request)}
      data-testid={testId}
    >
      {flow.busy && props.active !== false
        ? t('uploads.send.sending')
        : (label ?? t('uploads.send.button', { env }))}
    </WaitingButton>
  );
}

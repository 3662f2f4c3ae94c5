import { useState, type ReactNode } from 'react';
import type { Destination } from '../../../shared/environment';
import { useI18n } from '../i18n/i18n';
import { ConfirmDialog } from './confirm-dialog';

/** The question asked before something goes to production, and what is done on "yes". */
export interface ProductionQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * The one way to ask before personal data or files go to production. `ask` does the action at
 * once for any other destination and asks first for production; what decides is where the
 * action sends (a batch's own environment, say), never the active environment alone, since a
 * production batch can be resumed while Sandbox is active. Render `dialog` once.
 */
export function useProductionConfirm(testId: string): {
  ask: (destination: Destination, question: ProductionQuestion) => void;
  dialog: ReactNode;
} {
  const { t } = useI18n();
  const [question, setQuestion] = useState<ProductionQuestion | null>(null);
  const ask = (destination: Destination, next: ProductionQuestion) => {
    if (destination === 'production') setQuestion(next);
    else next.onConfirm();
  };
  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={question?.title ?? ''}
      message={question?.message ?? ''}
      confirmLabel={question?.confirmLabel ?? ''}
      cancelLabel={t('common.cancel')}
      danger
      production
      onConfirm={() => {
        setQuestion(null);
        question?.onConfirm();
      }}
      onCancel={() => setQuestion(null)}
      testId={testId}
    />
  );
  return { ask, dialog };
}

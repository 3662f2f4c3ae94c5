import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSettings } from '../../app/use-app';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/**
 * Whether the tour shows, and at which step. It opens by itself while the `tourDismissed` setting
 * is false (a first run); closing it in any way (Skip, Escape, Finish) stores `true`, so it never
 * opens by itself again. `start` opens it again on request.
 */
export function useTour() {
  const settings = useSettings();
  const client = useQueryClient();
  /** The analyst's own choice this session; null until they open or close the tour. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [step, setStep] = useState(0);
  const dismiss = useMutation({
    mutationFn: () => unwrap(api.settings.update({ tourDismissed: true })),
    onSuccess: (saved) => client.setQueryData(queryKeys['settings.get'](), saved),
  });

  const dismissed = settings.data?.tourDismissed;
  const open = chosen ?? dismissed === false;
  const { mutate } = dismiss;
  const close = useCallback(() => {
    setChosen(false);
    if (dismissed === false) mutate();
  }, [dismissed, mutate]);
  const start = useCallback(() => {
    setStep(0);
    setChosen(true);
  }, []);

  return { open, step, setStep, close, start };
}

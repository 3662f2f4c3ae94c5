import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UploadCheck, UploadOutcome, UploadView } from '../../../../shared/contract/outcomes';
import type { EnvironmentName } from '../../../../shared/environment';
import type { AppError } from '../../../../shared/result';
import { api, unwrap } from '../../lib/device-check';
import { queryScopes } from '../../lib/query-keys';

/** What is about to be sent: a file the core built, a file's bytes, or one of the ledger again. */
export type SendRequest =
  | { kind: 'built'; fileId: string; fileName: string; rows: number }
  | {
      kind: 'file';
      fileName: string;
      base64: string;
      rows: number;
      /** The analyst said explicitly to send DeviceIds the history never saw. */
      allowUnseenDevices?: boolean;
    }
  | { kind: 'resend'; uploadId: number; fileName: string; rows: number };

/** Where a send stands: waiting for the analyst's answer to production or to the guard. */
export type SendStep =
  | { name: 'idle' }
  | { name: 'production'; request: SendRequest }
  | { name: 'guard'; request: SendRequest; check: UploadCheck };

export interface SendFlow {
  step: SendStep;
  /** A request is on its way: every send button waits. */
  busy: boolean;
  /** The request on its way, or waiting for an answer to a question. */
  target: SendRequest | null;
  /** The ledger line of the last send, whatever the service answered. */
  upload: UploadView | null;
  /** Why the last send's request failed (the network, the service…), with its ledger line. */
  uploadError: AppError | null;
  /** The team's ledger could not record the last send's answer: the next sync does. */
  teamNotUpdated: boolean;
  /** The call itself failed (no credentials, a file with problems, the history…). */
  error: unknown;
  /** The analyst said no to a question: nothing was sent. */
  cancelled: boolean;
  start: (request: SendRequest) => void;
  confirm: () => void;
  cancel: () => void;
  /** Forgets the last result (another file was chosen); a send on its way is left alone. */
  clear: () => void;
}

function call(request: SendRequest, confirmed: boolean): Promise<UploadOutcome> {
  switch (request.kind) {
    case 'built':
      return unwrap(api.uploads.send({ fileId: request.fileId, confirmed }));
    case 'file':
      return unwrap(
        api.uploads.send({
          fileName: request.fileName,
          base64: request.base64,
          confirmed,
          allowUnseenDevices: request.allowUnseenDevices ?? false,
        }),
      );
    case 'resend':
      return unwrap(api.uploads.resend({ uploadId: request.uploadId, confirmed }));
  }
}

/**
 * Sending a file to the active environment, as one small state machine: production asks first;
 * the core's re-send guard may answer `confirm` (nothing sent), and "send anyway" repeats the
 * call with `confirmed`. One request at a time: a second click while one is on its way is ignored.
 */
export function useSend(environment: EnvironmentName): SendFlow {
  const client = useQueryClient();
  const [step, setStep] = useState<SendStep>({ name: 'idle' });
  const [cancelled, setCancelled] = useState(false);
  // The environment the last send (or its question) was for: its result says nothing about
  // another, so switching environments forgets it (a send on its way is left to finish).
  const [sentTo, setSentTo] = useState(environment);
  const inFlight = useRef(false);
  const sending = useMutation({
    mutationFn: ({ request, confirmed }: { request: SendRequest; confirmed: boolean }) =>
      call(request, confirmed),
    onSuccess: (outcome, { request }) => {
      setStep(
        outcome.status === 'confirm'
          ? { name: 'guard', request, check: outcome.check }
          : { name: 'idle' },
      );
    },
    onSettled: () => {
      inFlight.current = false;
      // Everything the screen shows: the ledger, the guard's checks, the outcomes left to send.
      void client.invalidateQueries({ queryKey: queryScopes.uploads });
      void client.invalidateQueries({ queryKey: queryScopes.outcomes });
    },
  });

  if (sentTo !== environment && !sending.isPending) {
    setSentTo(environment);
    setStep({ name: 'idle' });
    setCancelled(false);
  }
  const here = sentTo === environment;

  const send = (request: SendRequest, confirmed: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    sending.mutate({ request, confirmed });
  };

  return {
    step,
    busy: sending.isPending,
    target: sending.isPending
      ? sending.variables.request
      : step.name === 'idle'
        ? null
        : step.request,
    upload: here && sending.data?.status === 'done' ? sending.data.upload : null,
    uploadError: here && sending.data?.status === 'done' ? sending.data.error : null,
    teamNotUpdated: here && sending.data?.status === 'done' && sending.data.teamNotUpdated === true,
    error: here ? sending.error : null,
    cancelled: here && cancelled,
    start: (request) => {
      if (inFlight.current || step.name !== 'idle') return;
      sending.reset();
      setCancelled(false);
      setSentTo(environment);
      if (environment === 'production') setStep({ name: 'production', request });
      else send(request, false);
    },
    confirm: () => {
      if (step.name === 'production') {
        setStep({ name: 'idle' });
        send(step.request, false);
      } else if (step.name === 'guard') {
        setStep({ name: 'idle' });
        send(step.request, true);
      }
    },
    cancel: () => {
      setStep({ name: 'idle' });
      setCancelled(true);
      sending.reset();
    },
    clear: () => {
      if (inFlight.current || step.name !== 'idle') return;
      setCancelled(false);
      sending.reset();
    },
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UploadCheck, UploadOutcome, UploadView } from '../../../../shared/contract/outcomes';
import type { EnvironmentName } from '../../../../shared/environment';
import type { AppError } from '../../../../shared/result';
import { api, unwrap } from '../../lib/device-check';
import { queryScopes } from '../../lib/query-keys';

/**
 * What is about to be sent: a file the core built, a file's bytes, or one of the ledger again;
 * with its SHA-256 when known, so the questions name the very bytes they send.
 */
export type SendRequest = (
  | { kind: 'built'; fileId: string; fileName: string; rows: number }
  | {
      kind: 'file';
      fileName: string;
      base64: string;
      rows: number;
      /** The analyst said explicitly to send DeviceIds the history never saw. */
      allowUnseenDevices?: boolean;
    }
  | { kind: 'resend'; uploadId: number; fileName: string; rows: number }
) & { sha256?: string };

/**
 * What the panel shows, for a flow whose result and questions belong to it. `key` names it (the
 * file on screen, the newest line of the ledger): a result goes when it changes after its send.
 * `file`: the built file on screen, whose question goes when another file takes its place.
 */
export interface SendScreen {
  key: string;
  /** Being read again (the file rebuilt, the ledger read): what it becomes is not known yet. */
  settling: boolean;
  file?: SendRequest | null;
}

/** Where a send stands: waiting for the analyst's answer to production or to the guard. */
export type SendStep =
  | { name: 'idle' }
  | { name: 'production'; request: SendRequest }
  | { name: 'guard'; request: SendRequest; check: UploadCheck };

export interface SendFlow {
  step: SendStep;
  /** A question about the file on screen is open while that file is built again: it waits. */
  waitingForFile: boolean;
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
  /**
   * The file on screen changed while a question about it was open: the question went, nothing
   * was sent; the analyst looks at the new file and sends it if it is right.
   */
  fileChanged: boolean;
  start: (request: SendRequest) => void;
  confirm: () => void;
  cancel: () => void;
  /** Forgets the last result (another file was chosen); a send on its way is left alone. */
  clear: () => void;
}

/** The same bytes under the same name: what the service would receive is the same. */
function sameFile(a: SendRequest, b: SendRequest): boolean {
  return a.fileName === b.fileName && a.sha256 !== undefined && a.sha256 === b.sha256;
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
export function useSend(environment: EnvironmentName, screen?: SendScreen): SendFlow {
  const client = useQueryClient();
  const [step, setStep] = useState<SendStep>({ name: 'idle' });
  const [cancelled, setCancelled] = useState(false);
  const [fileChanged, setFileChanged] = useState(false);
  // The last result's place on screen: `waiting` until what it changed has been read again (the
  // file rebuilt, the ledger), then the key shown with it; it goes when the key changes.
  const [shownWith, setShownWith] = useState<'none' | 'waiting' | 'settled' | { key: string }>(
    'none',
  );
  // The environment the last send (or its question) was for: its result says nothing about
  // another, so switching environments forgets it (a send on its way is left to finish).
  const [sentTo, setSentTo] = useState(environment);
  const inFlight = useRef(false);
  const sending = useMutation({
    mutationFn: ({ request, confirmed }: { request: SendRequest; confirmed: boolean }) =>
      call(request, confirmed),
    onSuccess: (outcome, { request }) => {
      // A question is no result: the screen's changes are followed by the question itself.
      if (outcome.status === 'confirm') setShownWith('none');
      setStep(
        outcome.status === 'confirm'
          ? { name: 'guard', request, check: outcome.check }
          : { name: 'idle' },
      );
    },
    onSettled: () => {
      inFlight.current = false;
      // Everything the screen shows: the ledger, the guard's checks, the outcomes left to send.
      // Once read again, the result is tied to what the screen then shows.
      void Promise.all([
        client.invalidateQueries({ queryKey: queryScopes.uploads }),
        client.invalidateQueries({ queryKey: queryScopes.outcomes }),
      ]).then(() => setShownWith((was) => (was === 'waiting' ? 'settled' : was)));
    },
  });

  if (sentTo !== environment && !sending.isPending) {
    setSentTo(environment);
    setStep({ name: 'idle' });
    setCancelled(false);
  }
  const here = sentTo === environment;

  // A question about a built file holds that file's ID: when the screen shows another file (its
  // outcomes changed meanwhile), the question goes, so nothing but the file on screen is sent.
  // The same bytes built again are the same file: the question follows its new ID.
  const onScreen = screen?.file;
  if (step.name !== 'idle' && step.request.kind === 'built' && onScreen !== undefined) {
    if (onScreen?.kind !== 'built' || !sameFile(onScreen, step.request)) {
      setStep({ name: 'idle' });
      setFileChanged(true);
      // Said above the new file, until it changes too.
      setShownWith('settled');
    } else if (onScreen.fileId !== step.request.fileId)
      setStep({ ...step, request: { ...step.request, fileId: onScreen.fileId } });
  }
  // A result belongs to what it was about: it goes when the screen shows something else.
  if (screen && !screen.settling && !sending.isPending) {
    if (shownWith === 'settled') setShownWith({ key: screen.key });
    else if (typeof shownWith === 'object' && shownWith.key !== screen.key) {
      setShownWith('none');
      setCancelled(false);
      setFileChanged(false);
      sending.reset();
    }
  }

  const send = (request: SendRequest, confirmed: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setShownWith('waiting');
    sending.mutate({ request, confirmed });
  };

  const waitingForFile =
    step.name !== 'idle' && step.request.kind === 'built' && screen?.settling === true;

  return {
    step,
    waitingForFile,
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
    fileChanged: here && fileChanged,
    start: (request) => {
      if (inFlight.current || step.name !== 'idle') return;
      sending.reset();
      setCancelled(false);
      setFileChanged(false);
      setShownWith('none');
      setSentTo(environment);
      if (environment === 'production') setStep({ name: 'production', request });
      else send(request, false);
    },
    confirm: () => {
      // The file on screen is being built again: until it is, "send" waits (a file changed
      // then drops the question; the same bytes keep it).
      if (waitingForFile) return;
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
      // Nothing changed: the notice belongs to what the screen shows now.
      setShownWith('settled');
      sending.reset();
    },
    clear: () => {
      if (inFlight.current || step.name !== 'idle') return;
      setCancelled(false);
      setFileChanged(false);
      setShownWith('none');
      sending.reset();
    },
  };
}

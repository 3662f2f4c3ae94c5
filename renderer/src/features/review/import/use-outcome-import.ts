/**
 * One outcomes spreadsheet, from the file to the outcomes applied: the worker reads and maps the
 * file, the core checks the rows against the history (nothing changes yet), and only the
 * analyst's Apply changes outcomes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { autoMapOutcomeColumns } from '../../../../../shared/outcomes/outcome-columns';
import type { OutcomeColumnMapping } from '../../../../../shared/outcomes/types';
import { headerTexts } from '../../../../../shared/spreadsheet/header';
import { defaultLimits, resolveLimits } from '../../../../../shared/spreadsheet/limits';
import { fileTooLarge } from '../../../../../shared/spreadsheet/problem';
import { maxOutcomeImportRows } from '../../../../../shared/contract/outcomes';
import { useSettings } from '../../../app/use-app';
import { api, unwrap } from '../../../lib/device-check';
import type {
  OutcomeRows,
  OutcomeSheetInfo,
  OutcomeSheetResult,
} from '../../../workers/outcomes-protocol';
import type { ImportProblem } from '../../import/import-reducer';
import { refreshOutcomes } from '../use-outcomes';
import { OutcomeWorker } from './outcome-worker';
import { queryKeys } from '../../../lib/query-keys';
import { messageOf } from '../../../../../shared/message-of';

export type OutcomeField = keyof OutcomeColumnMapping;

interface FileState {
  file: { name: string; size: number } | null;
  phase: 'idle' | 'reading' | 'failed' | 'ready';
  problem: ImportProblem | null;
  sheet: OutcomeSheetInfo | null;
  headerRow: number;
  headers: string[];
  mapping: OutcomeColumnMapping;
  /** Increases with every file read, so a check never answers for an older file. */
  version: number;
}

const initial: FileState = {
  file: null,
  phase: 'idle',
  problem: null,
  sheet: null,
  headerRow: 0,
  headers: [],
  mapping: {},
  version: 0,
};

/** The header texts of a row and the columns they name. */
function headerChoice(sheet: OutcomeSheetInfo, headerRow: number) {
  const headers = headerTexts(sheet.topRows, headerRow);
  return { headerRow, headers, mapping: autoMapOutcomeColumns(headers) };
}

export function useOutcomeImport() {
  const client = useQueryClient();
  // The setting, but never more than the core takes in one check.
  const maxRows = Math.min(
    useSettings().data?.maxRows ?? defaultLimits.maxRows,
    maxOutcomeImportRows,
  );
  const [state, setState] = useState<FileState>(initial);
  const [mapped, setMapped] = useState<{ version: string; rows: OutcomeRows } | null>(null);
  const [replaceConflicts, setReplaceConflicts] = useState(false);
  const worker = useRef<OutcomeWorker | null>(null);
  // Counted outside React state: two choices before a render must still get two versions.
  const versions = useRef(initial.version);
  useEffect(() => () => worker.current?.terminate(), []);

  const settle = useCallback((version: number, read: Promise<OutcomeSheetResult>) => {
    read.then(
      (result) =>
        setState((now) => {
          if (now.version !== version) return now;
          if (!result.ok) return { ...now, phase: 'failed', problem: result.problem };
          const header = headerChoice(result.sheet, result.sheet.headerRow);
          return { ...now, phase: 'ready', sheet: result.sheet, ...header };
        }),
      (error: unknown) =>
        setState((now) =>
          now.version === version
            ? { ...now, phase: 'failed', problem: { code: 'worker', message: messageOf(error) } }
            : now,
        ),
    );
  }, []);

  const chooseFile = (file: File) => {
    worker.current?.terminate();
    worker.current = null;
    apply.reset();
    setReplaceConflicts(false);
    const version = ++versions.current;
    const chosen = { name: file.name, size: file.size };
    const limits = resolveLimits();
    if (file.size > limits.maxFileBytes) {
      // Refused before its bytes are read into memory at all.
      const problem = fileTooLarge(file.size, limits);
      setState({ ...initial, version, file: chosen, phase: 'failed', problem });
      return;
    }
    setState({ ...initial, version, file: chosen, phase: 'reading' });
    const reader = new OutcomeWorker();
    worker.current = reader;
    settle(
      version,
      file.arrayBuffer().then((bytes) => reader.read(bytes, file.name, maxRows)),
    );
  };

  const chooseSheet = (sheet: string) => {
    const reader = worker.current;
    if (!reader) return;
    const version = ++versions.current;
    setState((now) => ({ ...now, phase: 'reading', version }));
    settle(version, reader.sheet(sheet));
  };

  const chooseHeaderRow = (row: number) =>
    setState((now) => (now.sheet ? { ...now, ...headerChoice(now.sheet, row) } : now));

  const mapColumn = (field: OutcomeField, column: number | null) =>
    setState((now) => {
      const { [field]: _old, ...others } = now.mapping;
      return { ...now, mapping: column === null ? others : { ...others, [field]: column } };
    });

  // The mapped rows follow the file, the header row and the mapping.
  const { phase, headerRow, mapping, version } = state;
  const complete = mapping.transactionId !== undefined && mapping.outcome !== undefined;
  const mappedKey = JSON.stringify([version, headerRow, mapping]);
  useEffect(() => {
    const reader = worker.current;
    if (phase !== 'ready' || !reader || !complete) return;
    let current = true;
    reader.rows(headerRow, mapping).then(
      (rows) => {
        if (current) setMapped({ version: mappedKey, rows });
      },
      (error: unknown) => {
        if (current)
          setState((now) => ({
            ...now,
            phase: 'failed',
            problem: { code: 'worker', message: messageOf(error) },
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [phase, headerRow, mapping, complete, mappedKey]);

  const rows = complete && mapped?.version === mappedKey ? mapped.rows : null;
  // Unknown rows are checked too (never applied): an id they share with a known outcome is a
  // contradiction. Without a known outcome there is nothing to check.
  const applicable = rows !== null && rows.rows.length > 0 ? rows.checked : [];

  // Under the outcomes key: any change of outcomes (this import applied, a key pressed in the
  // queue) checks the file again.
  const check = useQuery({
    queryKey: queryKeys['outcomes.importCheck'](mappedKey),
    queryFn: () => unwrap(api.outcomes.importCheck({ rows: applicable })),
    enabled: applicable.length > 0,
    staleTime: 0,
    gcTime: 0,
  });

  const apply = useMutation({
    mutationFn: () => unwrap(api.outcomes.importApply({ rows: applicable, replaceConflicts })),
    scope: { id: 'outcomes' },
    onSettled: () => refreshOutcomes(client),
  });

  return {
    state,
    maxRows,
    complete,
    rows,
    check,
    apply,
    replaceConflicts,
    setReplaceConflicts,
    actions: { chooseFile, chooseSheet, chooseHeaderRow, mapColumn },
  };
}

export type OutcomeImport = ReturnType<typeof useOutcomeImport>;

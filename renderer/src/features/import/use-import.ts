/**
 * One import, from the file to the rows ready for the run step. The worker reads and checks the
 * file; the reducer keeps the analyst's choices; the report with fixes and exclusions is derived.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { RawTransaction } from '../../../../shared/domain/types';
import type { MappableField } from '../../../../shared/spreadsheet/columns';
import { defaultLimits, resolveLimits } from '../../../../shared/spreadsheet/limits';
import { fileTooLarge } from '../../../../shared/spreadsheet/problem';
import type { RowSource } from '../../app/row-storing';
import { useSettings } from '../../app/use-app';
import type { SheetResult } from '../../workers/import-protocol';
import { effectiveReport, laterDuplicates, listedRows } from './effective-report';
import {
  hasRequiredColumns,
  hasUnsentWork,
  importReducer,
  initialImportState,
} from './import-reducer';
import { useLeaveGuard } from './use-leave-guard';
import {
  browserStore,
  forgetDataLikeMappings,
  headerChoice,
  rememberMapping,
} from './mapping-memory';
import { useRecentLookups } from './use-recent-lookups';
import { ImportWorker } from './worker-client';
import { messageOf } from '../../../../shared/message-of';

/** What the run step sends: the rows after fixes and exclusions, and the analyst's skip choice. */
export interface RowsToSend {
  /**
   * Every included row, fixed values in place; invalid ones too (the run records them unsent).
   * Held by the worker and taken a slice at a time as JSON lines: the window passes them on
   * unread. Whoever takes it closes it.
   */
  source: RowSource;
  /** Skip rows answered in the last `days` days, when the analyst ticked "Skip them". */
  skipRecent: { days: number } | null;
}

export function useImport() {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const maxRows = useSettings().data?.maxRows ?? defaultLimits.maxRows;
  const worker = useRef<ImportWorker | null>(null);
  const readToken = useRef(0);
  const store = useMemo(() => browserStore(), []);

  useEffect(() => () => worker.current?.terminate(), []);
  // The Import screen mounts as the window starts: mappings older versions kept for a first row
  // of customer data go then, before anything reads them.
  useEffect(() => forgetDataLikeMappings(store), [store]);
  useLeaveGuard(hasUnsentWork(state));

  const settle = useCallback(
    (token: number, read: Promise<SheetResult>) => {
      read.then(
        (result) => {
          if (token !== readToken.current) return;
          if (!result.ok) dispatch({ type: 'read_failed', problem: result.problem });
          else {
            const header = headerChoice(store, result.sheet.topRows, result.sheet.headerRow);
            dispatch({ type: 'sheet_read', sheet: result.sheet, header });
          }
        },
        (error: unknown) => {
          if (token !== readToken.current) return;
          dispatch({ type: 'read_failed', problem: { code: 'worker', message: messageOf(error) } });
        },
      );
    },
    [store],
  );

  const chooseFile = useCallback(
    (file: File) => {
      const token = ++readToken.current;
      worker.current?.terminate();
      worker.current = null;
      dispatch({ type: 'file_chosen', file: { name: file.name, size: file.size } });
      const limits = resolveLimits();
      if (file.size > limits.maxFileBytes) {
        // Refused before its bytes are read into memory at all.
        dispatch({ type: 'read_failed', problem: fileTooLarge(file.size, limits) });
        return;
      }
      const client = new ImportWorker();
      worker.current = client;
      settle(
        token,
        file.arrayBuffer().then((bytes) => client.read(bytes, file.name, maxRows)),
      );
    },
    [maxRows, settle],
  );

  const chooseSheet = useCallback(
    (sheet: string) => {
      const client = worker.current;
      if (!client) return;
      const token = ++readToken.current;
      dispatch({ type: 'sheet_requested' });
      settle(token, client.sheet(sheet));
    },
    [settle],
  );

  const { phase, sheet, headerRow, headers, mapping, mappingSource } = state;
  useEffect(() => {
    const client = worker.current;
    if (phase !== 'ready' || !sheet || !client || !hasRequiredColumns(mapping)) return;
    let current = true;
    dispatch({ type: 'check_started' });
    client
      .check(headerRow, mapping, (done, total) => {
        if (current) dispatch({ type: 'check_progress', done, total });
      })
      .then(
        (report) => {
          if (current) dispatch({ type: 'checked', report });
        },
        (error: unknown) => {
          if (current) dispatch({ type: 'check_failed', message: messageOf(error) });
        },
      );
    return () => {
      current = false;
    };
  }, [phase, sheet, headerRow, mapping]);

  useEffect(() => {
    if (mappingSource === 'edited') rememberMapping(store, headers, mapping);
  }, [store, headers, mapping, mappingSource]);

  const listed = useMemo(() => (state.report ? listedRows(state.report) : []), [state.report]);
  const { fixes, excluded } = state;
  const report = useMemo(
    () => (state.report ? effectiveReport(state.report, listed, { fixes, excluded }) : null),
    [state.report, listed, fixes, excluded],
  );
  const recent = useRecentLookups(report?.requests ?? null, state.recentDays);

  const actions = useMemo(
    () => ({
      chooseFile,
      chooseSheet,
      chooseHeaderRow: (row: number) =>
        sheet &&
        dispatch({ type: 'header_row_chosen', header: headerChoice(store, sheet.topRows, row) }),
      mapColumn: (field: MappableField, column: number | null) =>
        dispatch({ type: 'column_mapped', field, column }),
      applyFix: (row: number, raw: RawTransaction) => dispatch({ type: 'fix_applied', row, raw }),
      undoFix: (row: number) => dispatch({ type: 'fix_undone', row }),
      exclude: (rows: number[]) => dispatch({ type: 'rows_excluded', rows }),
      include: (rows: number[]) => dispatch({ type: 'rows_included', rows }),
      excludeLaterDuplicates: () =>
        report && dispatch({ type: 'rows_excluded', rows: laterDuplicates(report.duplicates) }),
      showPersonalData: (shown: boolean) => dispatch({ type: 'personal_data_shown', shown }),
      setRecentDays: (days: number) => dispatch({ type: 'recent_days_set', days }),
      setSkipRecent: (skip: boolean) => dispatch({ type: 'skip_recent_set', skip }),
      /** A batch took the rows: the fixes and exclusions are no longer only in this window. */
      runStarted: () => dispatch({ type: 'run_started' }),
    }),
    [chooseFile, chooseSheet, sheet, store, report],
  );

  /**
   * For the run step: the rows to send (after fixes and exclusions) and the skip choice, or null
   * while no file has been checked. The rows come from the worker, so the screen never holds them.
   */
  const recentCount = recent.data ?? 0;
  const rowsToSend = useCallback(async (): Promise<RowsToSend | null> => {
    const client = worker.current;
    if (!client || !state.report) return null;
    const source = await client.collect(headerRow, mapping, fixes, excluded);
    const skip = state.skipRecent && recentCount > 0;
    return { source, skipRecent: skip ? { days: state.recentDays } : null };
  }, [
    state.report,
    state.skipRecent,
    state.recentDays,
    headerRow,
    mapping,
    fixes,
    excluded,
    recentCount,
  ]);

  /** The file's SHA-256 (hex), computed in the worker that holds its bytes; null before a file. */
  const fileSha256 = useCallback(
    (): Promise<string | null> => worker.current?.sha256() ?? Promise.resolve(null),
    [],
  );

  return { state, report, recent, maxRows, actions, rowsToSend, fileSha256 };
}

export type ImportApi = ReturnType<typeof useImport>;

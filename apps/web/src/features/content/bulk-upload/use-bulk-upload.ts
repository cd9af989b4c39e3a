import { useCallback, useEffect, useReducer, useRef } from 'react';
import { api } from '../../../shared/api/api';
import { UploadCancelledError } from '../../../shared/api/upload';
import { useAppDispatch } from '../../../shared/store/hooks';
import { showToast } from '../../../shared/toasts/toasts.slice';
import {
  CONCURRENCY,
  effectiveValues,
  initialQueue,
  isBusy,
  queueReducer,
  summarize,
  summaryText,
  type Defaults,
  type Overrides,
  type Row,
} from './bulk-queue';
import { UploadFailedError, uploadBulkFile, type BulkUploadHandle } from './upload-file';

let nextId = 0;

/**
 * The bulk upload queue: rows, and a scheduler that keeps at most CONCURRENCY uploads running.
 * Defaults are read when a file starts; the page locks them while anything is queued or
 * running, so every file of a run gets the same ones.
 */
export function useBulkUpload(defaults: Defaults) {
  const [state, dispatch] = useReducer(queueReducer, initialQueue);
  const appDispatch = useAppDispatch();
  const handles = useRef(new Map<string, BulkUploadHandle>());
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;

  const start = useCallback(
    (row: Row) => {
      const values = effectiveValues(row, defaultsRef.current);
      const handle = uploadBulkFile(
        row.file,
        { ...values, isActive: values.isActive ? 'true' : 'false' },
        (progress) => dispatch({ type: 'progressed', id: row.id, ...progress }),
      );
      handles.current.set(row.id, handle);
      dispatch({ type: 'started', id: row.id });
      handle.done
        .then((result) => {
          dispatch({ type: 'succeeded', id: row.id, item: result.item });
          // Content Management and the dashboards refetch their lists.
          appDispatch(
            api.util.invalidateTags([
              { type: 'ManagedContent', id: 'LIST' },
              { type: 'Content', id: 'LIST' },
              { type: 'ContentPermission', id: 'LIST' },
            ]),
          );
        })
        .catch((err: unknown) => {
          if (err instanceof UploadCancelledError) dispatch({ type: 'cancelled', id: row.id });
          else
            dispatch({
              type: 'failed',
              id: row.id,
              error: (err as Error).message,
              typeRefused: err instanceof UploadFailedError && err.status === 415,
            });
        })
        .finally(() => handles.current.delete(row.id));
    },
    [appDispatch],
  );

  // The scheduler: fill the free slots with queued rows, in order.
  useEffect(() => {
    const running = state.rows.filter((r) => r.status === 'uploading' || r.status === 'processing');
    const free = CONCURRENCY - running.length;
    if (free <= 0) return;
    state.rows
      .filter((r) => r.status === 'queued' && !handles.current.has(r.id))
      .slice(0, free)
      .forEach(start);
  }, [state.rows, start]);

  // Leaving the page stops what is still running (the server keeps nothing of it).
  useEffect(() => {
    const running = handles.current;
    return () => {
      for (const handle of running.values()) handle.cancel();
    };
  }, []);

  const busy = state.rows.some((r) => isBusy(r.status));

  // A closing tab would cut uploads off: ask first.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  // One toast when a run ends.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      const summary = summarize(state.rows);
      appDispatch(
        showToast({
          title: 'Bulk upload finished',
          description: summaryText(summary),
          variant: summary.failed > 0 ? 'destructive' : 'default',
        }),
      );
    }
    wasBusy.current = busy;
  }, [busy, state.rows, appDispatch]);

  return {
    rows: state.rows,
    runStarted: state.runStarted,
    busy,
    addFiles: (files: File[]) =>
      dispatch({ type: 'added', files, ids: files.map(() => `file-${++nextId}`) }),
    setTitle: (id: string, title: string) => dispatch({ type: 'titleChanged', id, title }),
    setOverrides: (id: string, overrides: Overrides) =>
      dispatch({ type: 'overridesChanged', id, overrides }),
    startAll: () => dispatch({ type: 'startRequested' }),
    cancel: (id: string) => {
      const handle = handles.current.get(id);
      if (handle) handle.cancel();
      else dispatch({ type: 'cancelled', id });
    },
    retry: (id: string) => dispatch({ type: 'retried', id }),
    remove: (id: string) => dispatch({ type: 'removed', id }),
    clearUploaded: () => dispatch({ type: 'finishedCleared' }),
  };
}

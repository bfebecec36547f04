import { ApiError, followImportJob } from '@linkhive/shared/api';
import type { ImportProgress, ImportResult } from '@linkhive/shared/domain';
import { httpMessages, importMessages, importOutcome, importRedirectMs } from '@linkhive/shared/domain';
import { failureMessage, useNotify } from '@linkhive/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { libraryChanged } from '../bookmarks/library';

/** How often the page asks how far the server has got, once the file is sent. */
export const importPollMs = 500;

export type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; sent: number; total: number }
  | { step: 'processing'; progress: ImportProgress | null }
  | { step: 'done'; result: ImportResult; overwrite: boolean }
  | { step: 'failed'; title?: string; message: string };

/**
 * Runs one import: the upload with its byte count, then the server's job followed until it ends,
 * then the spec's notice and the way to /categories after importRedirectMs.
 */
export function useImport() {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const notify = useNotify();
  const navigate = useNavigate();
  const mounted = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      // The upload itself goes on: leaving the page must not lose an import the user started.
      mounted.current = false;
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  const start = useCallback(
    async (file: File, overwrite: boolean) => {
      setState({ step: 'uploading', sent: 0, total: file.size });
      let uploaded = false;
      try {
        const job = await api.imports.fromFile(file, overwrite, {
          onUploadProgress: (sent, total) => !uploaded && setState({ step: 'uploading', sent, total }),
          onUploaded: () => {
            uploaded = true;
            setState({ step: 'processing', progress: null });
          },
        });
        // The server answers the job once it has read the file; it saves on while this page asks.
        // Not a `later` timer inside: after the user leaves the page the job is still followed to its notice.
        const result = await followImportJob(api.imports.progress, job, {
          pollMs: importPollMs,
          onProgress: (progress) => mounted.current && setState({ step: 'processing', progress }),
        });
        const outcome = importOutcome(result, overwrite, 'file');
        notify({ message: outcome.title, severity: outcome.severity });
        libraryChanged();
        if (!mounted.current) return;
        setState({ step: 'done', result, overwrite });
        later(() => navigate('/categories'), importRedirectMs);
      } catch (e) {
        if (!mounted.current) return;
        setState(
          e instanceof ApiError && e.code === 'invalid_file'
            ? { step: 'failed', title: importMessages.invalidTitle, message: importMessages.invalidSyntax }
            : { step: 'failed', message: failureMessage(e, httpMessages.internal) },
        );
      }
    },
    [later, navigate, notify],
  );

  /** Back to the form, when another file is chosen after a refusal. */
  const reset = useCallback(() => setState((s) => (s.step === 'failed' ? { step: 'idle' } : s)), []);

  const busy = state.step === 'uploading' || state.step === 'processing';
  return { state, busy, start, reset };
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_POLL_INTERVAL_MS, type DocStatusEntry, type SessionFile } from '@portal/contract';
import { checkDocStatus, listFiles } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';

/** How often a parsing file's status is asked (section 9's polling interval); tests shorten it. */
export const fileStatusTiming = { intervalMs: DEFAULT_POLL_INTERVAL_MS };

export const isPending = (f: Pick<SessionFile, 'status'>) =>
  f.status === 'queued' || f.status === 'parsing' || f.status === 'ocr';

export const filesKey = (module: string, sessionId: string) => ['session-files', module, sessionId] as const;

function applyStatus(files: SessionFile[], entries: DocStatusEntry[]): SessionFile[] {
  const byId = new Map(entries.map((e) => [e.file_id, e]));
  return files.map((f) => {
    const e = byId.get(f.file_id);
    return e
      ? {
          ...f,
          status: e.status,
          reason: e.reason,
          page_count: e.page_count,
          chunk_count: e.chunk_count,
          ocr_progress: e.ocr_progress,
        }
      : f;
  });
}

/**
 * A session's files. While any is queued or parsing, `check_doc_status` is asked for those files
 * every 2000 ms until each is ready or failed; a failed poll is simply tried again next time.
 */
export function useSessionFiles(config: SessionModuleConfig, sessionId: string) {
  const queryClient = useQueryClient();
  const key = filesKey(config.name, sessionId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => listFiles(config, sessionId),
    enabled: Boolean(sessionId),
  });
  const pendingIds = (query.data ?? [])
    .filter(isPending)
    .map((f) => f.file_id)
    .join(',');

  useEffect(() => {
    if (!pendingIds) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const result = await checkDocStatus(config, sessionId, pendingIds.split(','));
        if (stopped) return;
        queryClient.setQueryData<SessionFile[]>(filesKey(config.name, sessionId), (files) =>
          files ? applyStatus(files, result.list) : files,
        );
        if (result.settled) return;
      } catch {
        // Tried again at the next interval.
      }
      if (!stopped) timer = setTimeout(() => void poll(), fileStatusTiming.intervalMs);
    };
    timer = setTimeout(() => void poll(), fileStatusTiming.intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingIds, config, sessionId, queryClient]);

  /** A file the upload just returned, or a reloaded one, goes into the list at once. */
  const upsert = (file: SessionFile): void => {
    queryClient.setQueryData<SessionFile[]>(key, (files = []) =>
      files.some((f) => f.file_id === file.file_id)
        ? files.map((f) => (f.file_id === file.file_id ? file : f))
        : [...files, file],
    );
  };
  const remove = (fileId: string): void => {
    queryClient.setQueryData<SessionFile[]>(key, (files = []) => files.filter((f) => f.file_id !== fileId));
  };

  return { query, files: query.data ?? [], upsert, remove };
}

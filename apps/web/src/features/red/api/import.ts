import type { RedImportMapping, RedImportPreview, RedImportStatus } from '@portal/contract';
import { redEndpoints } from '@portal/contract/endpoints/red';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import type { Parser } from '../../../lib/parsers';
import { uploadFile, type UploadProgress } from '../../../lib/upload';
import { headBytes } from '../../../lib/upload-checks';
import { redKeys } from './keys';

/** How much of a text file the preview sends: its first whole lines within this many bytes. */
const PREVIEW_BYTES = 256 * 1024;
/** How often a running import's status is read. */
const STATUS_POLL_MS = 1000;

/** What the preview needs of a file: a workbook whole (its index is at its end), of text the first lines. */
export async function previewPart(file: File): Promise<File> {
  if (/\.xlsx$/i.test(file.name) || file.size <= PREVIEW_BYTES) return file;
  const head = await headBytes(file, PREVIEW_BYTES);
  const end = head.lastIndexOf(10);
  return new File([head.slice(0, end > 0 ? end + 1 : head.length)], file.name, { type: file.type });
}

/** The file's columns, first rows and the server's guess of the column of each field. */
export async function previewImport(file: File, signal?: AbortSignal): Promise<RedImportPreview> {
  return uploadFile(await previewPart(file), {
    url: redEndpoints.adminImportPreview.path,
    schema: redEndpoints.adminImportPreview.data as Parser<RedImportPreview>,
    signal,
  });
}

/** Sends the whole file with the chosen columns; answers the import job's id. */
export async function startImport(
  file: File,
  options: {
    mapping: RedImportMapping;
    source?: string;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  },
): Promise<string> {
  const started = await uploadFile(file, {
    url: redEndpoints.adminImport.path,
    schema: redEndpoints.adminImport.data as Parser<{ job_id: string }>,
    fields: { mapping: JSON.stringify(options.mapping), ...(options.source ? { source: options.source } : {}) },
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return started.job_id;
}

const finished = (status: RedImportStatus | undefined) => status?.status === 'done' || status?.status === 'failed';

/** An import job's progress and row errors, read every second until it is done or failed. */
export function useImportStatus(jobId: string | null) {
  return useQuery({
    enabled: Boolean(jobId),
    queryKey: redKeys.importStatus(jobId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(redEndpoints.adminImportStatus, { query: { job_id: jobId! }, signal, silent: true }),
    refetchInterval: (query) => (finished(query.state.data) ? false : STATUS_POLL_MS),
  });
}

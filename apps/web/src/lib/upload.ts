import {
  uploadMessages,
  type DirectUploadConfig,
  type ImageMimeType,
  type StoredFile,
  type StorageUsageResponse,
  type UploadConfigResponse,
} from '@portal/contract';
import { fileEndpoints } from '@portal/contract/endpoints/portal';
import { getHttpClient } from './api';
import { HttpError, type RequestOptions, type RequestTransport } from './http-client';
import type { Parser } from './parsers';
import { checkFile, UploadCheckError, type UploadRules } from './upload-checks';

export { UploadCheckError, type UploadRules } from './upload-checks';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions<T = StoredFile> {
  /** A module's own upload (`/api/pdf/file/upload`); the common image upload when absent. */
  url?: string;
  /** Query parameters of a module's own upload (e.g. the category a report goes into). */
  params?: RequestOptions<T>['params'];
  /** How a module upload's answer is checked; a stored file otherwise. */
  schema?: Parser<T>;
  /** The module's rules; the common upload takes them from the server's upload configuration. */
  rules?: UploadRules;
  /** Form fields sent with a module upload's file (say the column mapping of an import). */
  fields?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNullableInt = (v: unknown) => v === null || isInt(v);

/* Hand checks mirroring the contract's schemas; the tests parse the same replies with the contract's
   schemas. */
const storedFileParser: Parser<StoredFile> = {
  safeParse(v) {
    const ok =
      isObject(v) &&
      typeof v.file_id === 'string' &&
      typeof v.name === 'string' &&
      typeof v.mime === 'string' &&
      typeof v.url === 'string' &&
      isInt(v.size) &&
      isNullableInt(v.width) &&
      isNullableInt(v.height);
    return ok ? { success: true, data: v as unknown as StoredFile } : { success: false, error: new TypeError('file') };
  },
};

const uploadConfigParser: Parser<UploadConfigResponse> = {
  safeParse(v) {
    const limits = isObject(v) && isInt(v.max_bytes) && Array.isArray(v.kinds);
    const server = limits && v.mode === 'server' && typeof v.upload_url === 'string';
    const direct =
      limits &&
      v.mode === 'direct' &&
      typeof v.url === 'string' &&
      typeof v.key === 'string' &&
      typeof v.confirm_url === 'string' &&
      isObject(v.fields) &&
      Object.values(v.fields).every((f) => typeof f === 'string');
    return server || direct
      ? { success: true, data: v as unknown as UploadConfigResponse }
      : { success: false, error: new TypeError('upload config') };
  },
};

const storageUsageParser: Parser<StorageUsageResponse> = {
  safeParse(v) {
    const ok = isObject(v) && isInt(v.used_bytes) && isNullableInt(v.quota_bytes);
    return ok
      ? { success: true, data: v as unknown as StorageUsageResponse }
      : { success: false, error: new TypeError('storage usage') };
  },
};

/** What the signed-in user stores over all uploads, against the storage quota (null: none). */
export function fetchStorageUsage(signal?: AbortSignal): Promise<StorageUsageResponse> {
  return getHttpClient().get(fileEndpoints.usage.path, { schema: storageUsageParser, signal, silent: true });
}

function abortError(): DOMException {
  return new DOMException(uploadMessages.uploadCancelled, 'AbortError');
}

/** One XMLHttpRequest carrying a FormData body: upload progress and cancel, which fetch cannot report. */
function sendForm(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  form: FormData,
  signal: AbortSignal | undefined,
  onProgress: UploadOptions['onProgress'],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('network error'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(form);
  });
}

/** The client's request loop (auth headers, 1001 refresh and retry, 1004, toasts) over an XHR upload. */
function formTransport(build: () => FormData, onProgress: UploadOptions['onProgress']): RequestTransport {
  // Built again for a retry after a token refresh.
  return ({ method, url, headers, signal }) => sendForm(method, url, headers, build(), signal, onProgress);
}

async function uploadThroughServer<T>(
  url: string,
  file: File,
  options: UploadOptions<T>,
  schema: Parser<T>,
): Promise<T> {
  const transport = formTransport(() => {
    const form = new FormData();
    // Fields first: the server reads them before it stores the file.
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    return form;
  }, options.onProgress);
  return getHttpClient().request('POST', url, {
    transport,
    params: options.params,
    schema,
    signal: options.signal,
    silent: true,
  });
}

/** Straight to the S3-compatible store with the presigned POST, then registered on the server. */
async function uploadDirect(
  config: DirectUploadConfig,
  file: File,
  options: UploadOptions<unknown>,
): Promise<StoredFile> {
  const form = new FormData();
  for (const [name, value] of Object.entries(config.fields)) form.append(name, value);
  if (!('Content-Type' in config.fields)) form.append('Content-Type', file.type);
  form.append('file', file, file.name);
  // The store is another origin: no portal headers, no portal token.
  const sent = await sendForm('POST', config.url, {}, form, options.signal, options.onProgress);
  if (sent.status < 200 || sent.status >= 300)
    throw new HttpError(sent.status, uploadMessages.uploadFailed, '', sent.status);
  return getHttpClient().post(
    config.confirm_url,
    { key: config.key, name: file.name },
    { schema: storedFileParser, signal: options.signal, silent: true },
  );
}

/**
 * Uploads one file after the checks of section 5 (size, magic bytes, image dimensions), reporting
 * progress; the signal cancels it. The common upload asks the server first whether to send the file
 * to the server or straight to object storage. Refusals throw UploadCheckError or HttpError, both
 * with a Chinese message to show.
 */
export async function uploadFile(file: File, options?: UploadOptions): Promise<StoredFile>;
export async function uploadFile<T>(
  file: File,
  options: UploadOptions<T> & { url: string; schema: Parser<T> },
): Promise<T>;
export async function uploadFile<T>(file: File, options: UploadOptions<T> = {}): Promise<T | StoredFile> {
  if (options.url) {
    if (options.rules) await checkFile(file, options.rules);
    return options.schema
      ? uploadThroughServer(options.url, file, options, options.schema)
      : uploadThroughServer<StoredFile>(options.url, file, options as UploadOptions, storedFileParser);
  }
  const sniffed = await checkFile(file, { kinds: ['image'], maxBytes: Number.MAX_SAFE_INTEGER });
  const config = await getHttpClient().get(fileEndpoints.uploadConfig.path, {
    // The size lets the server refuse a file the storage quota has no room for before it is sent.
    params: { content_type: sniffed.mime as ImageMimeType, size: file.size },
    schema: uploadConfigParser,
    signal: options.signal,
    silent: true,
  });
  await checkFile(file, {
    kinds: config.kinds,
    maxBytes: config.max_bytes,
    maxWidth: config.max_width,
    maxHeight: config.max_height,
  });
  return config.mode === 'direct'
    ? uploadDirect(config, file, options)
    : uploadThroughServer(config.upload_url, file, options as UploadOptions, storedFileParser);
}

/** The message to show for a failed upload; null for a cancel, which needs none. */
export function uploadErrorMessage(error: unknown): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof UploadCheckError || error instanceof HttpError)
    return error.message || uploadMessages.uploadFailed;
  return uploadMessages.uploadFailed;
}

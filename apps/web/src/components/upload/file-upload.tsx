import { InboxOutlined } from '@ant-design/icons';
import { formatFileSize, type FileKind, type StoredFile } from '@portal/contract';
import { Button, Progress } from 'antd';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Parser } from '../../lib/parsers';
import { uploadErrorMessage, uploadFile, type UploadOptions, type UploadRules } from '../../lib/upload';
import { useStorageUsage } from './use-storage-usage';
import './file-upload.css';

export interface FileUploadProps<T = StoredFile> {
  /**
   * A module's own upload URL; the common image upload when absent. A function is called when the
   * first file is about to go up (e.g. to create the session the files belong to).
   */
  action?: string | (() => Promise<string>);
  /** How a module upload's answer is checked, when it is not a stored file. */
  schema?: Parser<T>;
  /** Required with `action`: what the module accepts. */
  rules?: UploadRules;
  /** The picker's filter, e.g. "image/*" or ".pdf,.docx". Only a convenience: the checks decide. */
  accept?: string;
  hint?: string;
  disabled?: boolean;
  /** Several files may be picked or dropped at once; they are sent one after another. */
  multiple?: boolean;
  onUploaded?: (file: T) => void;
  /** After a pick or drop has been handled: how many files were stored. */
  onFinished?: (stored: number) => void;
  /** A primary button above the zone that opens the same picker (a page's main call to action). */
  buttonLabel?: string;
}

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; percent: number }
  | { phase: 'done'; name: string }
  | { phase: 'error'; message: string };

const ACCEPT_BY_KIND: Record<FileKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  pdf: '.pdf',
  docx: '.docx',
  xlsx: '.xlsx',
  csv: '.csv',
  txt: '.txt',
  md: '.md',
};

/**
 * Drop a file or pick one (click, Enter or Space), see progress, cancel; refusals are shown in
 * Chinese under the zone. Works by touch and at phone widths.
 */
export function FileUpload<T = StoredFile>({
  action,
  schema,
  rules,
  accept,
  hint,
  disabled,
  multiple,
  onUploaded,
  onFinished,
  buttonLabel,
}: FileUploadProps<T>) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [usage, refreshUsage] = useStorageUsage();
  const hintId = useId();
  const busy = state.phase === 'uploading';

  useEffect(() => () => controller.current?.abort(), []);

  /** Uploads one file; resolves to its refusal message, '' when stored, null when cancelled. */
  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'uploading', name: file.name, percent: 0 });
      try {
        const url = typeof action === 'function' ? await action() : action;
        if (own.signal.aborted) return null;
        const options: UploadOptions = {
          url,
          rules,
          signal: own.signal,
          onProgress: ({ loaded, total }) =>
            setState({
              phase: 'uploading',
              name: file.name,
              percent: Math.min(99, Math.floor((loaded / total) * 100)),
            }),
        };
        // A module upload with its own answer schema; otherwise a stored file.
        const stored = (
          url && schema
            ? await uploadFile(file, { ...(options as UploadOptions<T>), url, schema })
            : await uploadFile(file, options)
        ) as T;
        if (own.signal.aborted) return null;
        onUploaded?.(stored);
        return '';
      } catch (error) {
        return uploadErrorMessage(error);
      } finally {
        if (controller.current === own) controller.current = null;
      }
    },
    [action, schema, rules, onUploaded],
  );

  /** One file after another; a refused file does not stop the rest, a cancel does. */
  const start = useCallback(
    async (files: File[]) => {
      const refusals: string[] = [];
      let last = '';
      let stored = 0;
      for (const file of files) {
        const outcome = await upload(file);
        if (outcome === null) {
          refreshUsage();
          setState({ phase: 'idle' });
          return onFinished?.(stored);
        }
        if (outcome) refusals.push(files.length > 1 ? `${file.name}：${outcome}` : outcome);
        else {
          last = file.name;
          stored++;
        }
      }
      refreshUsage();
      if (refusals.length) setState({ phase: 'error', message: refusals.join('；') });
      else setState({ phase: 'done', name: files.length > 1 ? `${files.length} 个文件` : last });
      onFinished?.(stored);
    },
    [upload, refreshUsage, onFinished],
  );

  const pick = () => {
    if (!disabled && !busy) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick();
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files].slice(0, multiple ? undefined : 1);
    if (files.length && !disabled && !busy) void start(files);
  };

  const acceptList =
    accept ?? (rules ?? { kinds: ['image'] as FileKind[] }).kinds.map((k) => ACCEPT_BY_KIND[k]).join(',');

  return (
    <div className="file-upload">
      {buttonLabel ? (
        <Button
          type="primary"
          size="large"
          className="file-upload__button"
          loading={busy}
          disabled={disabled}
          onClick={pick}
        >
          {buttonLabel}
        </Button>
      ) : null}
      <div
        className={`file-upload__zone${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || busy}
        aria-describedby={hintId}
        aria-label="上传文件"
        onClick={pick}
        onKeyDown={onKeyDown}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <InboxOutlined className="file-upload__icon" aria-hidden />
        <p className="file-upload__title">点击或拖拽文件到此处上传</p>
        <p className="file-upload__hint" id={hintId}>
          {hint ?? '支持 PNG、JPG、GIF、WebP 图片'}
        </p>
        <input
          ref={input}
          type="file"
          hidden
          accept={acceptList}
          multiple={multiple}
          data-testid="file-upload-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void start(files);
          }}
        />
      </div>
      {usage && (
        <p className="file-upload__usage" data-testid="file-upload-usage">
          {usage.quota_bytes === null
            ? `已用 ${formatFileSize(usage.used_bytes)}`
            : `已用 ${formatFileSize(usage.used_bytes)} / ${formatFileSize(usage.quota_bytes)}`}
        </p>
      )}
      {state.phase === 'uploading' && (
        <div className="file-upload__status" aria-live="polite">
          <span className="file-upload__name">{state.name}</span>
          <Progress percent={state.percent} size="small" aria-label="上传进度" />
          <Button size="small" onClick={() => controller.current?.abort()}>
            取消上传
          </Button>
        </div>
      )}
      {state.phase === 'done' && (
        <p className="file-upload__done" aria-live="polite">
          已上传：{state.name}
        </p>
      )}
      {state.phase === 'error' && (
        <p className="file-upload__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

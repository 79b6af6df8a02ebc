import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Non-React code (the HTTP client) shows toasts and warnings through this bridge. The root route
 * renders both from lazily loaded chunks on first use, so the first screen carries neither
 * antd's message nor its Modal, yet both still get the ConfigProvider context.
 */
type Listener = () => void;

function createSignal() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: () => listeners.forEach((listener) => listener()),
  };
}

type ToastKind = 'error' | 'warning';

let message: MessageInstance | undefined;
let pendingToasts: { kind: ToastKind; text: string }[] = [];
let toastsRequested = false;
const toastSignal = createSignal();

export function setMessageInstance(next: MessageInstance | undefined): void {
  message = next;
  if (!next) return;
  const queued = pendingToasts;
  pendingToasts = [];
  queued.forEach(({ kind, text }) => void next[kind](text));
}

function showToast(kind: ToastKind, text: string): void {
  if (message) {
    void message[kind](text);
    return;
  }
  pendingToasts = [...pendingToasts, { kind, text }];
  if (!toastsRequested) {
    toastsRequested = true;
    toastSignal.emit();
  }
}

export function showError(text: string): void {
  showToast('error', text);
}

/** A short notice that is not a failure of what the person did (e.g. 会话不存在或已删除). */
export function showNotice(text: string): void {
  showToast('warning', text);
}

export const toastStore = {
  subscribe: toastSignal.subscribe,
  requested: () => toastsRequested,
};

export interface PendingWarning {
  id: number;
  content: string;
  close(): void;
}

let warnings: readonly PendingWarning[] = [];
let nextId = 1;
const warningSignal = createSignal();

export function showWarning(content: string, onClose: () => void): void {
  const id = nextId++;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    warnings = warnings.filter((w) => w.id !== id);
    warningSignal.emit();
    onClose();
  };
  warnings = [...warnings, { id, content, close }];
  warningSignal.emit();
}

export const warningStore = {
  subscribe: warningSignal.subscribe,
  get: () => warnings,
};

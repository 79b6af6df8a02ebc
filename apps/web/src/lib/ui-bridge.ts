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

let message: MessageInstance | undefined;
let pendingToasts: string[] = [];
let toastsRequested = false;
const toastSignal = createSignal();

export function setMessageInstance(next: MessageInstance | undefined): void {
  message = next;
  if (!next) return;
  const queued = pendingToasts;
  pendingToasts = [];
  queued.forEach((text) => void next.error(text));
}

export function showError(text: string): void {
  if (message) {
    void message.error(text);
    return;
  }
  pendingToasts = [...pendingToasts, text];
  if (!toastsRequested) {
    toastsRequested = true;
    toastSignal.emit();
  }
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

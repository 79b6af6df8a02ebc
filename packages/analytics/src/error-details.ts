import { analyticsLimits } from '@portal/contract';
import { clip } from './clip';

export interface ScriptErrorDetail {
  message: string;
  stack?: string;
  source?: string;
}

const L = analyticsLimits;

function describe(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) return { message: value.message || value.name, stack: value.stack };
  if (typeof value === 'string') return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

const withOptional = (message: string, stack?: string, source?: string): ScriptErrorDetail => ({
  message: clip(message, L.messageLength),
  ...(stack ? { stack: clip(stack, L.stackLength) } : {}),
  ...(source ? { source: clip(source, L.urlLength) } : {}),
});

export function fromErrorEvent(event: ErrorEvent): ScriptErrorDetail {
  const described = event.error !== undefined && event.error !== null ? describe(event.error) : undefined;
  const source = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
  return withOptional(event.message || described?.message || 'Script error', described?.stack, source);
}

export function fromRejection(event: PromiseRejectionEvent): ScriptErrorDetail {
  const { message, stack } = describe(event.reason);
  return withOptional(`Unhandled rejection: ${message}`, stack);
}

export function fromUnknown(error: unknown, source?: string): ScriptErrorDetail {
  const { message, stack } = describe(error);
  return withOptional(message, stack, source);
}

/** One XMLHttpRequest the code under test sent, answered by the test. */
export interface SentXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  progress(loaded: number, total: number): void;
  respond(status: number, json: unknown): void;
  fail(): void;
  aborted: boolean;
}

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): records each send and lets the
 * test answer, report progress or fail it. `auto` answers at once.
 */
export function installFakeXhr(auto?: (xhr: SentXhr) => { status: number; json: unknown } | undefined) {
  const sent: SentXhr[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private record: SentXhr | undefined;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      if (!this.record || this.record.aborted) return;
      this.record.aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      const record: SentXhr = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status, json) => {
          this.status = status;
          this.responseText = JSON.stringify(json);
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      this.record = record;
      sent.push(record);
      const answer = auto?.(record);
      if (answer) queueMicrotask(() => record.respond(answer.status, answer.json));
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    restore: () => {
      globalThis.XMLHttpRequest = original;
    },
  };
}

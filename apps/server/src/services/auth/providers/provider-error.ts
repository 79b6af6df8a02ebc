import type { WorkplaceProvider } from '@portal/contract';

/**
 * What went wrong, in the terms the login page speaks: the code is bad or used (sign in again),
 * the provider is unreachable (retry later), the app is set up wrongly or lacks a permission
 * (ask IT). `providerCode` is the provider's own error code, for the log — never a token.
 */
export type ProviderErrorKind = 'code' | 'unavailable' | 'misconfigured' | 'denied';

export class ProviderError extends Error {
  constructor(
    readonly provider: WorkplaceProvider,
    readonly kind: ProviderErrorKind,
    readonly api: string,
    readonly providerCode: string | number | undefined,
  ) {
    super(`${provider} ${api} failed: ${kind} (${String(providerCode ?? '')})`);
    this.name = 'ProviderError';
  }
}

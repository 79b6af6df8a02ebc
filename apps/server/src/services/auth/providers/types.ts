import type { AuthorizeMode, WorkplaceProvider } from '@portal/contract';

/** Who signed in, as a workplace provider tells it. */
export interface WorkplaceProfile {
  /** The provider's own user id; stored as `<provider>:<id>`. */
  externalId: string;
  login: string;
  name: string;
  avatar: string;
  mobile: string;
  email: string;
  /** The provider's own department ids. */
  departmentIds: string[];
}

export interface DirectoryDepartment {
  externalId: string;
  name: string;
  /** Empty for the root. */
  parentExternalId: string;
}

export interface DirectoryMember {
  externalId: string;
  name: string;
  departmentIds: string[];
}

export interface DirectorySnapshot {
  departments: DirectoryDepartment[];
  members: DirectoryMember[];
}

/** One small interface per workplace suite; OIDC stays on SsoClient. */
export interface WorkplaceAdapter {
  readonly name: WorkplaceProvider;
  readonly label: string;
  /** The provider's web login page can be framed as a QR panel. */
  readonly qr: boolean;
  /** Hosts the login page may frame or navigate to (CSP frame-src). */
  readonly frameOrigins: string[];
  authorizeUrl(params: { state: string; redirectUri: string; mode: AuthorizeMode }): string;
  /** Exchanges the code the provider sent back for the person's profile. Throws ProviderError. */
  exchange(code: string, redirectUri: string): Promise<WorkplaceProfile>;
  /** The whole department tree and every member, through the corp app's directory API. */
  directory(): Promise<DirectorySnapshot>;
}

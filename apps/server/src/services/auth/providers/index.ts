import { workplaceProviderLabel, type WorkplaceProvider } from '@portal/contract';
import type { WorkplaceProvidersConfig } from './config';
import { DingtalkAdapter } from './dingtalk';
import { FeishuAdapter } from './feishu';
import type { WorkplaceAdapter } from './types';
import { WecomAdapter } from './wecom';

export type { WorkplaceAdapter, WorkplaceProfile, DirectorySnapshot } from './types';
export { ProviderError } from './provider-error';

/** The configured workplace providers, by name. */
export class WorkplaceRegistry {
  constructor(private readonly adapters: ReadonlyMap<WorkplaceProvider, WorkplaceAdapter>) {}

  get(name: string): WorkplaceAdapter | undefined {
    return this.adapters.get(name as WorkplaceProvider);
  }

  list(): WorkplaceAdapter[] {
    return [...this.adapters.values()];
  }

  /** Origins the login page may frame (the QR panels) — for the CSP's frame-src. */
  frameOrigins(): string[] {
    return [...new Set(this.list().flatMap((a) => a.frameOrigins))];
  }
}

/**
 * Builds an adapter for each configured provider. A secret variable that is not set stops the
 * start with a message naming it, rather than failing at the first sign-in.
 */
export function createWorkplaceRegistry(
  cfg: WorkplaceProvidersConfig,
  env: Record<string, string | undefined> = process.env,
): WorkplaceRegistry {
  const secret = (name: WorkplaceProvider, variable: string): string => {
    const value = env[variable];
    if (!value) throw new Error(`${workplaceProviderLabel[name]}登录需要环境变量 ${variable}（应用密钥）`);
    return value;
  };
  const adapters = new Map<WorkplaceProvider, WorkplaceAdapter>();
  if (cfg.wecom)
    adapters.set('wecom', new WecomAdapter(cfg.wecom, secret('wecom', cfg.wecom.secret_env), cfg.timeout_ms));
  if (cfg.feishu) {
    adapters.set('feishu', new FeishuAdapter(cfg.feishu, secret('feishu', cfg.feishu.secret_env), cfg.timeout_ms));
  }
  if (cfg.dingtalk) {
    adapters.set(
      'dingtalk',
      new DingtalkAdapter(cfg.dingtalk, secret('dingtalk', cfg.dingtalk.secret_env), cfg.timeout_ms),
    );
  }
  return new WorkplaceRegistry(adapters);
}

import { ConfigError } from './config-error';
import { isLoopbackHost } from './loopback';
import type { PortalConfig, SsoConfig } from './schema';

/**
 * The demo passwords shipped in portal.config.example.json. Anyone can read them there, so they
 * protect nothing beyond this machine (a test keeps this list in step with the example file).
 */
export const EXAMPLE_DEMO_PASSWORDS: readonly string[] = ['admin123', 'staff123'];

/** The example's app secrets start with this; any such placeholder is treated as public. */
const EXAMPLE_SECRET_PREFIX = 'change-me';

/** An OIDC issuer or any WeCom / Feishu / DingTalk entry. */
export function ssoConfigured(sso: SsoConfig): boolean {
  return Boolean(sso.issuer || sso.providers.wecom || sso.providers.feishu || sso.providers.dingtalk);
}

/**
 * The built-in provider (demo accounts under /oidc) serves only while no SSO is configured, or
 * when `sso.builtin_break_glass` keeps it on next to the workplace providers. It stands in for the
 * OIDC sign-in, so it never runs beside a configured issuer.
 */
export function builtinProviderEnabled(config: PortalConfig): boolean {
  if (config.sso.issuer) return false;
  return !ssoConfigured(config.sso) || config.sso.builtin_break_glass;
}

function examplePasswordLogins(config: PortalConfig): string[] {
  return config.demo_accounts.filter((a) => EXAMPLE_DEMO_PASSWORDS.includes(a.password)).map((a) => a.login);
}

export interface ListenSettings {
  /** HOST, when the operator set it. */
  host?: string;
  publicUrl: string;
}

/**
 * Checks that nothing guessable guards a networked portal and returns the address to listen on.
 * A portal is "networked" when it listens beyond loopback (HOST), is published under a
 * non-loopback PUBLIC_URL (a proxy on this machine forwards to it), or has SSO configured (a real
 * installation). There:
 * - the demo accounts must not have the example's passwords while the built-in provider is on;
 * - no app secret may be the example's placeholder (`change-me-…`).
 * Without HOST the portal listens on 127.0.0.1 while demo accounts are active, else everywhere.
 */
export function checkExposure(config: PortalConfig, settings: ListenSettings): string {
  const builtin = builtinProviderEnabled(config);
  const demoActive = builtin && config.demo_accounts.length > 0;
  const host = settings.host ?? (demoActive ? '127.0.0.1' : '0.0.0.0');
  const publicHost = new URL(settings.publicUrl).hostname;

  if (config.sso.builtin_break_glass && config.sso.issuer) {
    throw new ConfigError(
      'sso.builtin_break_glass keeps the built-in provider as the OIDC sign-in, so it cannot be used with sso.issuer: ' +
        'remove sso.issuer while the break-glass accounts are needed.',
    );
  }
  const weak = builtin ? examplePasswordLogins(config) : [];
  if (weak.length > 0) {
    const who = weak.map((l) => `"${l}"`).join(', ');
    if (config.sso.builtin_break_glass) {
      throw new ConfigError(
        `sso.builtin_break_glass is on but demo_accounts ${who} still have the example password: ` +
          'set passwords of your own in the config file before keeping the built-in provider next to SSO.',
      );
    }
    if (!isLoopbackHost(host)) {
      throw new ConfigError(
        `HOST=${host} makes the portal reachable from the network while demo_accounts ${who} still have the ` +
          'example password: change their passwords in the config file, configure SSO, or unset HOST ' +
          '(the portal then listens on 127.0.0.1).',
      );
    }
    if (!isLoopbackHost(publicHost)) {
      throw new ConfigError(
        `PUBLIC_URL=${settings.publicUrl} publishes the portal beyond this machine while demo_accounts ${who} ` +
          'still have the example password: change their passwords in the config file or configure SSO.',
      );
    }
  }

  const placeholders = config.apps.filter((a) => a.secret?.startsWith(EXAMPLE_SECRET_PREFIX)).map((a) => a.app_key);
  const networkedBy =
    settings.host && !isLoopbackHost(host)
      ? `HOST=${host}`
      : !isLoopbackHost(publicHost)
        ? `PUBLIC_URL=${settings.publicUrl}`
        : ssoConfigured(config.sso)
          ? 'SSO is configured in sso'
          : !isLoopbackHost(host)
            ? `it listens on ${host}: HOST is unset and there are no demo accounts`
            : undefined;
  if (placeholders.length > 0 && networkedBy) {
    throw new ConfigError(
      `apps ${placeholders.map((k) => `"${k}"`).join(', ')}: secret is the example's placeholder (change-me-…), ` +
        `which must not protect a networked portal (${networkedBy}): set a random secret of your own ` +
        '(e.g. `openssl rand -base64 32`) or remove the app.',
    );
  }
  return host;
}

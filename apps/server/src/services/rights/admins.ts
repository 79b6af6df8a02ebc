import type { PortalConfig } from '../../config/schema';

/** Administrators come from the config file: by login name, SSO subject or group. */
export function isAdministrator(
  admins: PortalConfig['admins'],
  who: { login: string; subject: string; groups: readonly string[] },
): boolean {
  return (
    admins.users.includes(who.login) ||
    admins.users.includes(who.subject) ||
    who.groups.some((g) => admins.groups.includes(g))
  );
}

import type { PortalConfig } from '../../config/schema';
import { namesPerson } from '../users/identity';
import { namesOf, type Principal } from './evaluate';

/**
 * Administrators come from the config file: people named by provider (`wecom:wangwei`; a bare name
 * is an OIDC login or subject) or OIDC groups. A workplace account whose id is `admin` is not the
 * OIDC `admin`, unless an administrator linked the two.
 */
export function isAdministrator(
  admins: PortalConfig['admins'],
  who: Pick<Principal, 'login' | 'subject' | 'provider' | 'linked' | 'groups'>,
): boolean {
  const names = namesOf(who);
  return admins.users.some((name) => namesPerson(names, name)) || who.groups.some((g) => admins.groups.includes(g));
}

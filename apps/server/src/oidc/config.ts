import { z } from 'zod';

/**
 * Password guessing on the built-in provider's sign-in form: wrong passwords are counted per
 * account and per client address; past the limit the account (or address) is locked, and every
 * further wrong password after a lock doubles the lock, up to `max_lock_seconds`. A lock refuses
 * the right password too. Counters live in Redis when REDIS_URL is set, so replicas share them.
 */
export const loginThrottleConfigSchema = z.object({
  /** Wrong passwords for one account, from anywhere, before it is locked. */
  account_failures: z.number().int().min(1).default(5),
  /** Wrong passwords from one client address, for any accounts, before it is locked (an office behind NAT shares one). */
  address_failures: z.number().int().min(1).default(20),
  /** The first lock; each further wrong password after it doubles the next one. */
  lock_seconds: z.number().int().min(1).default(60),
  max_lock_seconds: z.number().int().min(1).default(3600),
  /** Wrong passwords are forgotten this long after the last one (or after the lock it caused ended). */
  window_seconds: z.number().int().min(1).default(900),
});
export type LoginThrottleConfig = z.infer<typeof loginThrottleConfigSchema>;

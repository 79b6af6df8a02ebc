/** The scopes the built-in identity provider grants; apart so that listing them loads no provider. */
export const BUILTIN_SCOPES = ['openid', 'profile', 'email', 'phone', 'groups'];

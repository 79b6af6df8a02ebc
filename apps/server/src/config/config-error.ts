/** A config file that cannot be used: the start stops with this message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

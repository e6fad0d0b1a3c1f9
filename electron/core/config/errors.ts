/** A configuration or data directory that Foyer cannot use as it is: the message says what to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

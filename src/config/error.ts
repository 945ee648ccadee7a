/** A bad config: the error the command line reports with exit 2, and a loaded config before it is checked. */
export class ConfigError extends Error {
  /** What is wrong, without the file name. */
  readonly detail: string;
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(file ? `${file}: ${message}` : message);
    this.detail = message;
  }
}

export interface LoadedConfig {
  file: string | null;
  /** The directory config globs are relative to. */
  dir: string;
  raw: unknown;
}

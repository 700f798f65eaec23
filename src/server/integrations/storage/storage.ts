/** Where uploaded files live: a local folder by default, an S3-compatible bucket in production. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under `key`; never overwrites an existing object. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers load `key` from. */
  publicUrl(key: string): string;
  /** Origin of public URLs when it is not the app's own (for the Content-Security-Policy). */
  readonly publicOrigin: string | undefined;
  /** Local storage only: the bytes to serve for `key`, or null when absent. */
  read?(key: string): Promise<Buffer | null>;
  /** The stored bytes of `key`, or null when absent (for the account export). */
  get(key: string): Promise<Buffer | null>;
}

/** Browsers may cache stored files for an hour (spec: cache control 3600). */
export const PUBLIC_FILE_CACHE_SECONDS = 3600;

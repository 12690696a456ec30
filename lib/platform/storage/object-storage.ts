// Where generated audio and voice previews live. Two drivers behind one interface: local files
// served by the app through HMAC-signed expiring URLs (embedded default), and S3 with
// presigned URLs (production). Keys are chosen by us, never by callers.

export type Disposition = "attachment" | "inline";

export type SignedUrlOptions = {
  expiresInSeconds: number;
  contentType: string;
  /** File name offered to the browser, extension included. */
  filename: string;
  disposition: Disposition;
};

export interface ObjectStorage {
  readonly driver: "local" | "s3";
  /** Writes the whole object or nothing: a reader never sees a partial file. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A URL anyone holding it can download the object from until it expires. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain segments: no "..", no absolute paths, no empty segments. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

/** Content-Disposition for a file name we generated (ASCII letters, digits, dot, dash). */
export function contentDisposition(disposition: Disposition, filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `${disposition}; filename="${safe}"`;
}

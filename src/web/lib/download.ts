import { ApiError } from './api';
import { errorOf } from './transfer';

/**
 * How long a saved file's address stays valid: the browser reads it after the click, and Safari
 * and Firefox can fail a download whose address went first (FileSaver.js waits 40 s).
 */
const KEEP_ADDRESS_MS = 60_000;

/** Saves `blob` as the file `fileName` through a link, as a download the browser names. */
export function saveBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_ADDRESS_MS);
}

/** A download that began and broke off (the connection, or the server mid-file). */
export const DOWNLOAD_INTERRUPTED = 'The download was interrupted. Please try again.';

/**
 * Downloads `url` (signed in, with the session cookie) and saves it under the name the server
 * gave, else `fallbackName(contentType)`. Fetched rather than linked where the server may refuse
 * (a rate limit, a signed-out session): a link would show the browser's "download failed"
 * without the server's words, which an ApiError here carries. A TypeError is no answer at all.
 */
export async function downloadFile(url: string, fallbackName: (contentType: string) => string) {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw errorOf(
      response,
      data,
      `The server could not make the file (${response.status}). Please try again.`,
    );
  }
  const blob = await response.blob().catch(() => {
    throw new ApiError(response.status, DOWNLOAD_INTERRUPTED);
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  saveBlob(named ?? fallbackName(response.headers.get('content-type') ?? ''), blob);
}

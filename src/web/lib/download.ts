import type { ErrorBody } from '../../shared/http/error-body';
import { ApiError } from './api';

/** Saves `blob` as the file `fileName` through a link, as a download the browser names. */
export function saveBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads `url` (signed in, with the session cookie) and saves it under the name the server
 * gave. Fetched rather than linked where the server may refuse (a rate limit, a signed-out
 * session): a link would show the browser's "download failed" without the server's words, which
 * an ApiError here carries.
 */
export async function downloadFile(url: string, fallbackName: string) {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(response.status, data.message || 'The file could not be made.');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  saveBlob(named ?? fallbackName, await response.blob());
}

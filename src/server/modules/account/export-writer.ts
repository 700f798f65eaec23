import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportParts, ExportValue } from '../../db/user-data';

/** Text is handed on in pieces of about this size (one write each), not one per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The export as JSON text, written as it is read: each list a page at a time, so an account
 * with 100,000 messages never sits in memory whole (issue 14).
 */
export async function* exportJson(header: Record<string, unknown>, parts: ExportParts) {
  let buffer = JSON.stringify(header).slice(0, -1);
  const flush = function* (force = false) {
    if (buffer.length >= CHUNK_CHARS || (force && buffer)) {
      yield buffer;
      buffer = '';
    }
  };
  for (const [name, value] of Object.entries(parts)) {
    buffer += `,${JSON.stringify(name)}:`;
    if (isList(value)) {
      buffer += '[';
      let first = true;
      for await (const row of value) {
        buffer += (first ? '' : ',') + JSON.stringify(row);
        first = false;
        yield* flush();
      }
      buffer += ']';
    } else {
      const one = await value();
      buffer += JSON.stringify(one === undefined ? null : one);
    }
    yield* flush();
  }
  buffer += '}\n';
  yield* flush(true);
}

const isList = (value: ExportValue): value is AsyncIterable<unknown> => typeof value !== 'function';

/**
 * The export as a zip: the JSON (compressed as it is written) and each avatar image as stored
 * (images are compressed already). Bytes come out as the zip is made; `files` are read one at
 * a time.
 */
export async function* exportZip(
  jsonName: string,
  json: AsyncIterable<string>,
  files: { name: string; read: () => Promise<Buffer | null> }[],
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  const entry = new ZipDeflate(jsonName, { level: 6 });
  zip.add(entry);
  const encoder = new TextEncoder();
  for await (const text of json) {
    entry.push(encoder.encode(text));
    yield* drain();
  }
  entry.push(new Uint8Array(0), true);
  yield* drain();
  const unread: string[] = [];
  for (const file of files) {
    // A file storage cannot give back (gone, or refused) is named in the zip, not fatal to it.
    const bytes = await file.read().catch(() => null);
    if (!bytes) {
      unread.push(file.name);
      continue;
    }
    const stored = new ZipPassThrough(file.name);
    zip.add(stored);
    stored.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
    yield* drain();
  }
  if (unread.length > 0) {
    const note = new ZipDeflate('avatars/NOT-INCLUDED.txt');
    zip.add(note);
    note.push(
      encoder.encode(`These images could not be read from storage:\n${unread.join('\n')}\n`),
      true,
    );
    yield* drain();
  }
  zip.end();
  yield* drain();
}

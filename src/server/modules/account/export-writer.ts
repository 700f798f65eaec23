import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportParts, ExportValue } from '../../db/user-data';

/** Text is handed on in pieces of about this size (one write each), not one per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The export as JSON text, pretty-printed (two spaces), written as it is read: each list a page
 * at a time, so an account with 100,000 messages never sits in memory whole (issue 14).
 */
export async function* exportJson(header: Record<string, unknown>, parts: ExportParts) {
  let buffer = '{';
  let firstKey = true;
  const key = (name: string) => {
    buffer += `${firstKey ? '' : ','}\n  ${JSON.stringify(name)}: `;
    firstKey = false;
  };
  const flush = function* (force = false) {
    if (buffer.length >= CHUNK_CHARS || (force && buffer)) {
      yield buffer;
      buffer = '';
    }
  };
  for (const [name, value] of Object.entries(header)) {
    key(name);
    buffer += pretty(value, 1);
  }
  for (const [name, value] of Object.entries(parts)) {
    key(name);
    if (isList(value)) {
      buffer += '[';
      let first = true;
      for await (const row of value) {
        buffer += `${first ? '' : ','}\n    ${pretty(row, 2)}`;
        first = false;
        yield* flush();
      }
      buffer += first ? ']' : '\n  ]';
    } else {
      buffer += pretty(await value(), 1);
    }
    yield* flush();
  }
  buffer += '\n}\n';
  yield* flush(true);
}

/**
 * A value as pretty JSON at `depth` levels of two spaces: its own lines indented to sit there.
 * JSON.stringify writes a newline inside a string as `\n`, so every newline in its output is one
 * of the layout's.
 */
const pretty = (value: unknown, depth: number) =>
  (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);

const isList = (value: ExportValue): value is AsyncIterable<unknown> => typeof value !== 'function';

/** A text file of the zip, written as its pieces are read. */
export interface ZipDocument {
  name: string;
  text: AsyncIterable<string> | Iterable<string>;
}

/** A stored file of the zip (an avatar image), read when its turn comes. */
export interface ZipStoredFile {
  name: string;
  read: () => Promise<Buffer | null>;
}

/**
 * The export as a zip: the text files (the JSON first, then each conversation's Markdown),
 * compressed as they are written, one at a time in the order `documents` gives them; then each
 * avatar image as stored (images are compressed already). Bytes come out as the zip is made.
 * A document that fails fails the zip: one that may fail alone (a conversation's) ends itself
 * with a note instead (transcripts.ts).
 */
export async function* exportZip(
  documents: AsyncIterable<ZipDocument> | Iterable<ZipDocument>,
  files: ZipStoredFile[],
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
  const encoder = new TextEncoder();
  for await (const document of documents) {
    const entry = new ZipDeflate(document.name, { level: 6 });
    zip.add(entry);
    let buffer = '';
    for await (const text of document.text) {
      buffer += text;
      if (buffer.length >= CHUNK_CHARS) {
        entry.push(encoder.encode(buffer));
        buffer = '';
        yield* drain();
      }
    }
    entry.push(encoder.encode(buffer), true);
    yield* drain();
  }
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

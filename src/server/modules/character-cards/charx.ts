import { Inflate } from 'fflate';
import { CARD_LIMITS, CARD_MESSAGES, CardError } from './card-limits';

/**
 * A CHARX (Character Card V3): a zip with `card.json` at its root and the card's assets, read
 * from its central directory. Also a JPEG or PNG with the zip appended (RisuAI's form), found by
 * its end-of-central-directory record. Everything is checked against the limits before anything
 * is unpacked, and again while unpacking (a zip may declare small sizes and hold a bomb).
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The record is 22 bytes and may be followed by a comment of up to 65535. */
const EOCD_SEARCH = 22 + 0xffff;
const INFLATE_STEP = 16 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where its local header lies in the file (the archive's own offset moved by what precedes it). */
  localHeader: number;
}

export interface Zip {
  bytes: Uint8Array;
  entries: Map<string, ZipEntry>;
  /** What precedes the archive (a JPEG or PNG cover), empty for a plain zip. */
  prefix: Uint8Array;
}

function findEndRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && last - at <= EOCD_SEARCH; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  return -1;
}

/** True when the bytes hold a zip archive (at the start or appended to something else). */
export function hasZip(bytes: Uint8Array): boolean {
  return findEndRecord(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)) >= 0;
}

/** A path that stays inside the archive: relative, without `..`, no drive letter. */
function staysInside(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return !path.split('/').includes('..');
}

/** The archive's directory, every entry checked: count, paths, declared sizes, encryption. */
export function openZip(bytes: Uint8Array): Zip {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end < 0) throw new CardError(CARD_MESSAGES.notZip);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 (over 65535 files or 4 GB): never a card.
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new CardError(CARD_MESSAGES.zipTooManyFiles);
  }
  if (count > CARD_LIMITS.charxMaxEntries) throw new CardError(CARD_MESSAGES.zipTooManyFiles);
  // Offsets count from the archive's start; a cover image before it moves them all.
  const shift = end - directorySize - directoryOffset;
  if (shift < 0) throw new CardError(CARD_MESSAGES.zipBroken);

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = shift + directoryOffset;
  const utf8 = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw new CardError(CARD_MESSAGES.zipBroken);
    }
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      name: utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      localHeader: shift + view.getUint32(at + 42, true),
    };
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (!staysInside(entry.name)) throw new CardError(CARD_MESSAGES.zipEscapes);
    if (flags & 1) throw new CardError(CARD_MESSAGES.zipEncrypted);
    total += entry.size;
    if (entry.size > CARD_LIMITS.charxEntryMaxBytes || total > CARD_LIMITS.charxTotalMaxBytes) {
      throw new CardError(CARD_MESSAGES.zipTooBig);
    }
    entries.set(entry.name.replace(/\\/g, '/').replace(/^\.\//, ''), entry);
  }
  return { bytes, entries, prefix: bytes.subarray(0, shift) };
}

/** One entry unpacked, never past its declared size (which openZip checked). */
export function unpack(zip: Zip, entry: ZipEntry): Uint8Array {
  const { bytes } = zip;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeader;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) {
    throw new CardError(CARD_MESSAGES.zipBroken);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.length) throw new CardError(CARD_MESSAGES.zipBroken);
  const data = bytes.subarray(start, stop);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new CardError(CARD_MESSAGES.zipBroken);
    return data;
  }
  if (entry.method !== 8) throw new CardError(CARD_MESSAGES.zipUnsupported);

  const parts: Uint8Array[] = [];
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    // More than it declared: a bomb dressed as a small file. Stop here.
    if (produced > entry.size) throw new CardError(CARD_MESSAGES.zipTooBig);
    parts.push(chunk);
  });
  try {
    for (let offset = 0; offset < data.length; offset += INFLATE_STEP) {
      inflater.push(
        data.subarray(offset, offset + INFLATE_STEP),
        offset + INFLATE_STEP >= data.length,
      );
    }
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError(CARD_MESSAGES.zipBroken);
  }
  if (produced !== entry.size) throw new CardError(CARD_MESSAGES.zipBroken);
  const out = new Uint8Array(produced);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * What a recording is, from its first bytes (the browser's content type is the client's word):
 * the containers MediaRecorder writes (WebM, Ogg, MP4) and the files a Whisper server reads
 * (WAV, MP3, FLAC). Null for anything else. Like the avatars' image check: six signatures, no
 * library for it.
 */
const KINDS = [
  {
    type: 'audio/webm',
    extension: 'webm',
    test: (b: Buffer) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]),
  },
  {
    type: 'audio/ogg',
    extension: 'ogg',
    test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'OggS',
  },
  {
    type: 'audio/wav',
    extension: 'wav',
    test: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WAVE',
  },
  {
    type: 'audio/mp4',
    extension: 'm4a',
    test: (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp',
  },
  {
    type: 'audio/flac',
    extension: 'flac',
    test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'fLaC',
  },
  {
    type: 'audio/mpeg',
    extension: 'mp3',
    // An ID3 tag, or a frame's sync word.
    test: (b: Buffer) =>
      b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  },
] as const;

function starts(bytes: Buffer, prefix: number[]) {
  return prefix.every((byte, i) => bytes[i] === byte);
}

export function sniffAudio(bytes: Buffer): { type: string; extension: string } | null {
  const kind = KINDS.find((k) => bytes.length >= 12 && k.test(bytes));
  return kind ? { type: kind.type, extension: kind.extension } : null;
}

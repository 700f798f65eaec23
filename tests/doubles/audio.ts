/**
 * Real audio bytes for the voice tests: a WAV file (RIFF, 16-bit mono PCM) of a tone, as a
 * speech server or a browser's recorder would hand one over.
 */
export function wavBytes(seconds = 1, sampleRate = 16_000, frequency = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const value = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.3 * 32767);
    data.writeInt16LE(value, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // the fmt chunk's size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An MPEG-1 Layer III frame: 128 kbit/s, 44.1 kHz, mono; 1,152 samples (26 ms) each. */
const MP3_FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0xc0]);
export const MP3_FRAME_BYTES = 417;
export const MP3_FRAME_SECONDS = 1152 / 44_100;

/**
 * Real MP3 audio of silence, as a speech server streams it: frames whose side information says
 * "no data" (every decoder plays them as quiet), `seconds` long.
 */
export function mp3Bytes(seconds: number): Buffer {
  const frames = Math.max(1, Math.round(seconds / MP3_FRAME_SECONDS));
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  MP3_FRAME_HEADER.copy(frame);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

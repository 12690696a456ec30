// Mono signed 16-bit PCM in memory, and the RIFF/WAVE header around it.

export type PcmAudio = { sampleRate: number; samples: Int16Array };

/** Raw little-endian s16 bytes as samples (copies when the buffer is not 2-byte aligned). */
export function pcmFromS16le(bytes: Uint8Array, sampleRate: number): PcmAudio {
  const usable = bytes.byteLength - (bytes.byteLength % 2);
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Uint8Array.from(bytes.subarray(0, usable));
  return { sampleRate, samples: new Int16Array(aligned.buffer, aligned.byteOffset, usable / 2) };
}

export function s16leBytes(pcm: PcmAudio): Uint8Array {
  return new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
}

/**
 * The canonical 44-byte header of a PCM s16le mono WAVE file with final (not streaming
 * placeholder) RIFF and data sizes, which is what Asterisk and other strict readers want.
 */
/** WAVE format tags and sample widths of the codecs we write into WAV containers. */
const WAV_CODECS = {
  s16le: { tag: 1, bytesPerSample: 2 }, // PCM
  alaw: { tag: 6, bytesPerSample: 1 }, // G.711 A-law
  mulaw: { tag: 7, bytesPerSample: 1 }, // G.711 μ-law
} as const;
export type WavCodec = keyof typeof WAV_CODECS;

/** A canonical 44-byte RIFF/WAVE header for mono audio of `dataBytes` bytes (PCM 16-bit by default). */
export function wavHeader(dataBytes: number, sampleRate: number, codec: WavCodec = "s16le"): Buffer {
  const { tag, bytesPerSample } = WAV_CODECS[codec];
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(tag, 20);
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * bytesPerSample, 28); // byte rate
  header.writeUInt16LE(bytesPerSample, 32); // block align
  header.writeUInt16LE(bytesPerSample * 8, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * Reads a PCM s16le mono WAVE file. Streaming writers (espeak-ng --stdout among them) leave
 * placeholder sizes such as 0x7FFFFFFF, so the data chunk runs to the end of what we have.
 */
export function parseWav(bytes: Uint8Array): PcmAudio {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error("not a RIFF/WAVE file");
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      const audioFormat = buf.readUInt16LE(body);
      const channels = buf.readUInt16LE(body + 2);
      const bits = buf.readUInt16LE(body + 14);
      if (audioFormat !== 1 || channels !== 1 || bits !== 16) {
        throw new Error(`unsupported WAVE format ${audioFormat}/${channels}ch/${bits}bit`);
      }
      sampleRate = buf.readUInt32LE(body + 4);
    } else if (id === "data") {
      if (!sampleRate) throw new Error("WAVE data before fmt chunk");
      // Festival writing to a pipe cannot seek back, so its data size stays 0.
      const end = size === 0 ? buf.length : Math.min(buf.length, body + size);
      return pcmFromS16le(buf.subarray(body, end), sampleRate);
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAVE file has no data chunk");
}

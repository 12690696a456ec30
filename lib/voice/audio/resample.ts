// Sample-rate conversion in JS for the PCM output formats (WAV, raw PCM, G.711), which would
// otherwise start an ffmpeg per prompt only to resample and write samples: loading ffmpeg's
// libraries costs several times the CPU of the conversion itself (bench/results/2026-11-26-voices.md).
// A polyphase windowed-sinc filter, like ffmpeg's default resampler (swr): 16 zero crossings of
// the narrower band's sinc on each side, a Kaiser window with beta 9, the passband at 97% of the
// lower Nyquist frequency, and the first output sample at the first input sample's instant.
import type { PcmAudio } from "@/lib/voice/audio/pcm";

const ZERO_CROSSINGS = 16;
const KAISER_BETA = 9;
const CUTOFF = 0.97;

type Polyphase = { up: number; down: number; taps: number; phases: Float64Array[] };

const filters = new Map<string, Polyphase>();

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Zeroth-order modified Bessel function of the first kind (the Kaiser window's shape). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

/**
 * The filter for a rate ratio of up/down (in lowest terms): one row of taps per phase, the
 * phase being where an output sample falls between two input samples, in 1/up steps. Each row
 * is normalised to unit gain at 0 Hz, so no phase is louder than another.
 */
function polyphase(up: number, down: number): Polyphase {
  const key = `${up}/${down}`;
  const cached = filters.get(key);
  if (cached) return cached;
  // Cutoff in cycles per input sample, times two (the sinc's argument scale).
  const band = CUTOFF * Math.min(1, up / down);
  const half = Math.ceil(ZERO_CROSSINGS / band);
  const taps = 2 * half;
  const norm = besselI0(KAISER_BETA);
  const phases = Array.from({ length: up }, (_, phase) => {
    const row = new Float64Array(taps);
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      // Distance in input samples from this tap to the output instant.
      const tau = t - half + 1 - phase / up;
      const ratio = tau / half;
      const window = Math.abs(ratio) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - ratio * ratio)) / norm;
      const x = band * tau;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      row[t] = band * sinc * window;
      sum += row[t];
    }
    for (let t = 0; t < taps; t++) row[t] /= sum;
    return row;
  });
  const filter = { up, down, taps, phases };
  filters.set(key, filter);
  return filter;
}

// Output samples computed between yields to the event loop: a few milliseconds of work, so a
// long prompt's conversion never holds up the requests the process is serving.
const CHUNK = 8192;

/**
 * `pcm` at `rate`: ceil(length × rate / input rate) samples (the count ffmpeg writes), each
 * rounded and clipped to 16 bits. The same rate returns the input unchanged.
 */
export async function resamplePcm(pcm: PcmAudio, rate: number): Promise<PcmAudio> {
  if (pcm.sampleRate === rate) return pcm;
  const divisor = gcd(rate, pcm.sampleRate);
  const { up, down, taps, phases } = polyphase(rate / divisor, pcm.sampleRate / divisor);
  const half = taps / 2;
  const input = pcm.samples;
  // Zeros beyond both ends, so the inner loop needs no bounds checks.
  const padded = new Float64Array(input.length + taps + 1);
  padded.set(input, half);
  const out = new Int16Array(Math.ceil((input.length * up) / down));
  for (let from = 0; from < out.length; from += CHUNK) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const to = Math.min(out.length, from + CHUNK);
    for (let j = from; j < to; j++) {
      const position = j * down;
      const center = Math.floor(position / up);
      const row = phases[position - center * up];
      // Input sample center - half + 1 + t sits at padded index center + 1 + t.
      const base = center + 1;
      let acc = 0;
      for (let t = 0; t < taps; t++) acc += row[t] * padded[base + t];
      const v = Math.round(acc);
      out[j] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
  }
  return { sampleRate: rate, samples: out };
}

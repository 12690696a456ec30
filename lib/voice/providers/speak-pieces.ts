import "server-only";
import { trimSilence } from "@/lib/voice/audio/condition-speech";
import type { PcmAudio } from "@/lib/voice/audio/pcm";
import type { LexiconWord, LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";
import { speakIvrText } from "@/lib/voice/providers/speak-ivr-text";
import { ipaToEspeak, ipaToFestivalSyllables } from "@/lib/voice/ssml/ipa";
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";
import { speechChunks } from "@/lib/voice/ssml/speech-chunks";

// The engines' rate controls stay intelligible between half and twice their own pace.
const MIN_RATE = 0.5;
const MAX_RATE = 2;
// Speech chunks that meet without a marked break (a change of rate) are this far apart.
const JOIN_MS = 60;

/** Which local engines take a pronunciation, and how (docs/voice.md, engine support table). */
export function takesPhonemes(engine: string): boolean {
  return engine === "espeak" || engine === "festival";
}

/** The text an English voice is handed (IVR keys, prices and numbers written out); others as written. */
function engineText(voice: LocalVoice, text: string): string {
  return voice.language === "en" ? speakIvrText(text, voice.locale) : text;
}

/**
 * A prompt of SSML pieces spoken by one local voice: each run of speech by the engine (with
 * phonemes in its own notation where it takes them), trimmed to what is audible, and each
 * break as exact digital silence between them, so a 500 ms break is a 500 ms pause.
 */
export async function speakPieces(
  engineName: string,
  engine: LocalEngine,
  voice: LocalVoice,
  pieces: readonly SsmlPiece[],
  speed: number,
): Promise<PcmAudio> {
  const words: LexiconWord[] = [];
  const chunks = speechChunks(pieces, {
    locale: voice.locale,
    phoneme: ({ ipa }) => {
      if (engineName === "espeak") return ipaToEspeak(ipa);
      if (engineName !== "festival") return null;
      const pronunciation = ipaToFestivalSyllables(ipa);
      if (!pronunciation) return null;
      const word = wordFor(pronunciation);
      words.push({ word, pronunciation });
      return word;
    },
  });
  const parts: Int16Array[] = [];
  let sampleRate = voice.sampleRate;
  let previous: "speech" | "silence" | null = null;
  for (const chunk of chunks) {
    if (chunk.kind === "silence") {
      parts.push(new Int16Array(Math.round((chunk.ms / 1000) * sampleRate)));
    } else {
      const rate = Math.min(MAX_RATE, Math.max(MIN_RATE, speed * chunk.rate));
      const pcm = await engine.synthesize(voice, engineText(voice, chunk.text), rate, words);
      sampleRate = pcm.sampleRate;
      if (previous === "speech") parts.push(new Int16Array(Math.round((JOIN_MS / 1000) * sampleRate)));
      parts.push(trimSilence(pcm, 0).samples);
    }
    previous = chunk.kind;
  }
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { sampleRate, samples };
}

/**
 * A word no script contains, named after its pronunciation, for Festival's lexicon: entries
 * stay in a kept-loaded process, so they must never change how a real word is said.
 */
function wordFor(pronunciation: string): string {
  let hash = 2166136261;
  for (let i = 0; i < pronunciation.length; i++) hash = Math.imul(hash ^ pronunciation.charCodeAt(i), 16777619) >>> 0;
  let letters = "";
  for (let n = hash; letters.length < 7; n = Math.floor(n / 26)) letters += String.fromCharCode(97 + (n % 26));
  return `qzx${letters}`;
}

// IPA as each local engine writes phonemes. Client-safe (the studio checks entries as they are
// typed). Only the sounds of English are mapped: a symbol outside this table is refused with
// its name, because no local engine could say it.

type Sound = { espeak: string; arpabet: string | null; vowel: boolean };

const c = (espeak: string, arpabet: string | null): Sound => ({ espeak, arpabet, vowel: false });
const v = (espeak: string, arpabet: string): Sound => ({ espeak, arpabet, vowel: true });

/** Longest symbols first when reading, so "tʃ" wins over "t" and "eɪ" over "e". */
const SOUNDS: Record<string, Sound> = {
  p: c("p", "p"),
  b: c("b", "b"),
  t: c("t", "t"),
  d: c("d", "d"),
  k: c("k", "k"),
  g: c("g", "g"),
  ɡ: c("g", "g"),
  f: c("f", "f"),
  v: c("v", "v"),
  θ: c("T", "th"),
  ð: c("D", "dh"),
  s: c("s", "s"),
  z: c("z", "z"),
  ʃ: c("S", "sh"),
  ʒ: c("Z", "zh"),
  h: c("h", "hh"),
  m: c("m", "m"),
  n: c("n", "n"),
  ŋ: c("N", "ng"),
  l: c("l", "l"),
  ɫ: c("l", "l"),
  r: c("r", "r"),
  ɹ: c("r", "r"),
  ɾ: c("t#", "t"),
  w: c("w", "w"),
  j: c("j", "y"),
  tʃ: c("tS", "ch"),
  dʒ: c("dZ", "jh"),
  ʔ: c("?", null),
  x: c("x", "hh"),
  i: v("i:", "iy"),
  iː: v("i:", "iy"),
  ɪ: v("I", "ih"),
  e: v("e", "eh"),
  eɪ: v("eI", "ey"),
  ɛ: v("E", "eh"),
  æ: v("a", "ae"),
  a: v("a", "ae"),
  aɪ: v("aI", "ay"),
  aʊ: v("aU", "aw"),
  ɑ: v("A:", "aa"),
  ɑː: v("A:", "aa"),
  ɒ: v("0", "aa"),
  ɔ: v("O:", "ao"),
  ɔː: v("O:", "ao"),
  ɔɪ: v("OI", "oy"),
  o: v("oU", "ow"),
  oʊ: v("oU", "ow"),
  əʊ: v("oU", "ow"),
  ʊ: v("U", "uh"),
  u: v("u:", "uw"),
  uː: v("u:", "uw"),
  ʌ: v("V", "ah"),
  ə: v("@", "ax"),
  ɜ: v("3:", "er"),
  ɜː: v("3:", "er"),
  ɝ: v("3:", "er"),
  ɚ: v("3", "er"),
  ɪə: v("i@", "ih"),
  eə: v("e@", "eh"),
  ɛə: v("e@", "eh"),
  ʊə: v("U@", "uh"),
};
const SYMBOLS = Object.keys(SOUNDS).sort((a, b) => b.length - a.length);

export type IpaToken = { kind: "sound"; symbol: string; sound: Sound } | { kind: "stress"; primary: boolean };

/** The IPA string read into sounds and stress marks; throws naming the first unknown symbol. */
export function readIpa(ipa: string): IpaToken[] {
  const tokens: IpaToken[] = [];
  const text = ipa.normalize("NFC");
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/[\s.‿]/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "ˈ" || ch === "'" || ch === "ˌ") {
      tokens.push({ kind: "stress", primary: ch !== "ˌ" });
      i++;
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
    if (!symbol) {
      const cp = text.codePointAt(i)!;
      throw new Error(
        `unknown IPA symbol "${String.fromCodePoint(cp)}" (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`,
      );
    }
    // A length mark after a sound the table has no long form of is only length.
    i += symbol.length;
    if (text[i] === "ː") i++;
    tokens.push({ kind: "sound", symbol, sound: SOUNDS[symbol] });
  }
  if (!tokens.some((t) => t.kind === "sound")) throw new Error("the pronunciation has no sounds");
  return tokens;
}

/** eSpeak NG's phoneme input, `[[...]]` inside the text it reads. */
export function ipaToEspeak(ipa: string): string {
  const body = readIpa(ipa)
    .map((t) => (t.kind === "stress" ? (t.primary ? "'" : ",") : t.sound.espeak))
    .join("");
  return `[[${body}]]`;
}

/**
 * Festival's lexicon entry pronunciation (CMU phone set): syllables, each with its stress
 * (1 primary, 0 otherwise). A syllable is a vowel with the consonants before it; consonants
 * after the last vowel close the last syllable. Null when a sound has no CMU phone (a glottal stop).
 */
export function ipaToFestivalSyllables(ipa: string): string | null {
  const syllables: { phones: string[]; stress: number; hasVowel: boolean }[] = [];
  let pending: string[] = [];
  let stress = 0;
  for (const token of readIpa(ipa)) {
    if (token.kind === "stress") {
      stress = token.primary ? 1 : 0;
      continue;
    }
    if (!token.sound.arpabet) return null;
    if (token.sound.vowel) {
      syllables.push({ phones: [...pending, token.sound.arpabet], stress, hasVowel: true });
      pending = [];
      stress = 0;
    } else {
      pending.push(token.sound.arpabet);
    }
  }
  if (syllables.length === 0) return null;
  syllables[syllables.length - 1].phones.push(...pending);
  if (!syllables.some((s) => s.stress === 1)) syllables[0].stress = 1;
  return `(${syllables.map((s) => `((${s.phones.join(" ")}) ${s.stress})`).join(" ")})`;
}

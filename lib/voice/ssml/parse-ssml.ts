// The SSML subset IVR prompts need, read safely (read-xml.ts: no DTDs, no entities). Client-safe.
import { readIpa } from "@/lib/voice/ssml/ipa";
import { MarkupError, readXml } from "@/lib/voice/ssml/read-xml";
import { errorMessage, isOneOf } from "@/lib/platform/narrow";

type SayAs = "digits" | "telephone" | "date" | "characters";

/** What a prompt says, in order. `rate` multiplies the request's speed (prosody, emphasis). */
export type SsmlPiece =
  | { kind: "text"; text: string; rate: number }
  | { kind: "say-as"; interpretAs: SayAs; format: string | null; text: string; rate: number }
  | { kind: "phoneme"; ipa: string; text: string; rate: number }
  | { kind: "break"; ms: number };

const MAX_BREAK_MS = 10_000;
const BREAK_STRENGTH_MS: Record<string, number> = {
  none: 0,
  "x-weak": 100,
  weak: 250,
  medium: 400,
  strong: 750,
  "x-strong": 1200,
};
const RATE_WORDS: Record<string, number> = { "x-slow": 0.6, slow: 0.8, medium: 1, fast: 1.2, "x-fast": 1.4 };
// Local engines have no stress control over a whole phrase; emphasis is delivered as the
// slower, more deliberate reading people use for it (docs/voice.md, "SSML").
const EMPHASIS_RATE: Record<string, number> = { strong: 0.8, moderate: 0.9, none: 1, reduced: 1.1 };
const SAY_AS: readonly SayAs[] = ["digits", "telephone", "date", "characters"];
const DATE_FORMATS = ["mdy", "dmy", "ymd", "md", "dm", "ym", "my", "d", "m", "y"];

const ELEMENTS: Record<string, { attributes: string[]; textOnly: boolean; empty?: boolean }> = {
  speak: { attributes: ["version", "xmlns", "xml:lang"], textOnly: false },
  break: { attributes: ["time", "strength"], textOnly: true, empty: true },
  "say-as": { attributes: ["interpret-as", "format"], textOnly: true },
  sub: { attributes: ["alias"], textOnly: true },
  phoneme: { attributes: ["alphabet", "ph"], textOnly: true },
  emphasis: { attributes: ["level"], textOnly: false },
  prosody: { attributes: ["rate"], textOnly: false },
};

const SSML_ELEMENTS = Object.keys(ELEMENTS);

type Open = { name: string; rate: number; text: string; attrs: Record<string, string> };

/**
 * Reads an SSML document into what is spoken. `spoken` is the text a listener hears written
 * out (text, sub aliases, say-as and phoneme contents), which is what the length limit counts.
 */
export function parseSsml(source: string): { pieces: SsmlPiece[]; spoken: string } {
  const pieces: SsmlPiece[] = [];
  const stack: Open[] = [];
  readXml(source, {
    open(name, attrs, fail) {
      const spec = ELEMENTS[name];
      if (!spec) fail(`unknown tag <${name}>; the SSML subset is ${SSML_ELEMENTS.map((n) => `<${n}>`).join(", ")}`);
      const parent = stack.at(-1);
      if (name === "speak" ? parent : !parent) fail("the document must be one <speak> element");
      if (parent && ELEMENTS[parent.name].textOnly) fail(`<${parent.name}> may hold only text, not <${name}>`);
      for (const attr of Object.keys(attrs))
        if (!spec.attributes.includes(attr)) fail(`<${name}> has no attribute "${attr}"`);
      const rate = (parent?.rate ?? 1) * rateOf(name, attrs, fail);
      if (name === "break") pieces.push({ kind: "break", ms: breakMs(attrs, fail) });
      stack.push({ name, rate, text: "", attrs });
    },
    text(text, fail) {
      const open = stack.at(-1);
      if (!open) return; // whitespace around the root; saxes refuses anything else there
      if (ELEMENTS[open.name].empty && text.trim()) fail(`<${open.name}/> must be empty`);
      if (ELEMENTS[open.name].textOnly) open.text += text;
      else pieces.push({ kind: "text", text, rate: open.rate });
    },
    close(_name, fail) {
      const open = stack.pop()!;
      const piece = closedPiece(open, fail);
      if (piece) pieces.push(piece);
    },
  });
  const spoken = collapse(
    pieces
      .map((p) => (p.kind === "break" ? " " : p.text))
      .join("")
      .trim(),
  );
  if (!spoken) throw new MarkupError(1, "the document says nothing");
  return { pieces, spoken };
}

/** The piece a text-only element makes once closed (break already made its own). */
function closedPiece(open: Open, fail: (reason: string) => never): SsmlPiece | null {
  const text = collapse(open.text);
  if (open.name === "sub") {
    const alias = open.attrs.alias;
    if (!alias?.trim()) fail("<sub> needs an alias");
    return { kind: "text", text: alias, rate: open.rate };
  }
  if (open.name === "say-as") {
    const interpretAs = open.attrs["interpret-as"];
    if (!isOneOf(SAY_AS, interpretAs))
      fail(`<say-as interpret-as> must be one of ${SAY_AS.join(", ")}, not "${interpretAs ?? ""}"`);
    const format = open.attrs.format ?? null;
    if (format !== null && (interpretAs !== "date" || !DATE_FORMATS.includes(format)))
      fail(`<say-as format="${format}"> is only for dates: ${DATE_FORMATS.join(", ")}`);
    if (!text) fail("<say-as> is empty");
    return { kind: "say-as", interpretAs, format, text, rate: open.rate };
  }
  if (open.name === "phoneme") {
    if ((open.attrs.alphabet ?? "ipa") !== "ipa") fail('<phoneme alphabet> must be "ipa"');
    const ipa = open.attrs.ph ?? "";
    checkIpa(ipa, (reason) => fail(`<phoneme ph="${ipa}">: ${reason}`));
    return { kind: "phoneme", ipa, text, rate: open.rate };
  }
  return null;
}

/** `fail` with the reason when `ipa` has a symbol no local engine can say. */
export function checkIpa(ipa: string, fail: (reason: string) => never): void {
  try {
    readIpa(ipa);
  } catch (error) {
    fail(errorMessage(error));
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function rateOf(name: string, attrs: Record<string, string>, fail: (reason: string) => never): number {
  if (name === "emphasis") {
    const level = attrs.level ?? "moderate";
    if (!(level in EMPHASIS_RATE)) fail(`<emphasis level> must be strong, moderate, none or reduced, not "${level}"`);
    return EMPHASIS_RATE[level];
  }
  if (name !== "prosody") return 1;
  const rate = attrs.rate;
  if (rate === undefined) fail("<prosody> needs a rate (the subset supports rate only)");
  if (rate in RATE_WORDS) return RATE_WORDS[rate];
  const percent = /^(\d{1,3}(?:\.\d+)?)%$/.exec(rate);
  if (percent && Number(percent[1]) >= 50 && Number(percent[1]) <= 200) return Number(percent[1]) / 100;
  return fail(`<prosody rate> must be x-slow, slow, medium, fast, x-fast or 50% to 200%, not "${rate}"`);
}

function breakMs(attrs: Record<string, string>, fail: (reason: string) => never): number {
  if (attrs.time !== undefined) {
    const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(attrs.time.trim());
    if (!match) fail(`<break time> must be like "500ms" or "1.5s", not "${attrs.time}"`);
    const ms = Math.round(Number(match![1]) * (match![2] === "s" ? 1000 : 1));
    if (ms > MAX_BREAK_MS) fail(`<break time> may be at most ${MAX_BREAK_MS / 1000}s`);
    return ms;
  }
  const strength = attrs.strength ?? "medium";
  if (!(strength in BREAK_STRENGTH_MS))
    fail(`<break strength> must be one of ${Object.keys(BREAK_STRENGTH_MS).join(", ")}, not "${strength}"`);
  return BREAK_STRENGTH_MS[strength];
}

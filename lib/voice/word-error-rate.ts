// Word error rate for `npm run eval:voice`: what a recogniser heard against what was written.
// Both sides are normalised the same way, so "Press 2" and "press two", "$4.50" and "four
// dollars and fifty cents", or "9:30" and "nine thirty" count as the same words.

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINALS: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};

/** 0 to 999 999 in words, as an IVR says it ("one thousand two hundred five"). */
export function numberWords(n: number): string {
  if (n < 20) return ONES[n];
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ""}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ""}`;
  return `${numberWords(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${numberWords(n % 1000)}` : ""}`;
}

function ordinalWords(n: number): string {
  const words = numberWords(n).split(" ");
  const last = words.pop()!;
  const ordinal = ORDINALS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(" ");
}

/** Lower-case words with numbers, money, times and ordinals spelled out; no punctuation. */
export function normaliseWords(text: string): string[] {
  const spelled = text
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, "$1$2")
    // Money: "$4.50" -> "four dollars fifty cents", "$12" -> "twelve dollars".
    .replace(
      /\$(\d+)(?:\.(\d\d))?/g,
      (_m, d: string, c?: string) =>
        `${numberWords(Number(d))} dollar${d === "1" ? "" : "s"}${c && c !== "00" ? ` ${numberWords(Number(c))} cent${c === "01" ? "" : "s"}` : ""}`,
    )
    // Times: "9:30" -> "nine thirty", "10:05" -> "ten oh five", "8:00" -> "eight o'clock".
    .replace(
      /\b(\d{1,2}):(\d\d)\b/g,
      (_m, h: string, m: string) =>
        `${numberWords(Number(h))} ${m === "00" ? "oclock" : Number(m) < 10 ? `oh ${numberWords(Number(m))}` : numberWords(Number(m))}`,
    )
    // "a.m.", "am" and "a m" are the same two letters, written or heard.
    .replace(/\b([ap])\.?m\b\.?/g, "$1 m")
    // Ordinals: "3rd" -> "third".
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, (_m, d: string) => ordinalWords(Number(d)))
    // Percentages and the pound key.
    .replace(/(\d)%/g, "$1 percent")
    .replace(/#/g, " pound ")
    .replace(/\*/g, " star ")
    // Any other number: "1800" -> "one thousand eight hundred"; a digit string with a leading zero digit by digit.
    .replace(/\d+/g, (d) =>
      (d.length > 1 && d.startsWith("0")) || d.length > 6
        ? [...d].map((x) => ONES[Number(x)]).join(" ")
        : numberWords(Number(d)),
    )
    .replace(/o'clock/g, "oclock")
    .replace(/[^a-z' ]+/g, " ")
    .replace(/'/g, "");
  return spelled.split(/\s+/).filter(Boolean);
}

/** Levenshtein distance over words: substitutions + deletions + insertions. */
export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = previous[j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j] + 1, row[j - 1] + 1));
    }
    previous = row;
  }
  return previous[hypothesis.length];
}

/** Corpus word error rate: all errors over all reference words (not a mean of per-prompt rates). */
export function wordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): {
  errors: number;
  words: number;
  rate: number;
} {
  let errors = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const ref = normaliseWords(reference);
    errors += wordErrors(ref, normaliseWords(hypothesis));
    words += ref.length;
  }
  return { errors, words, rate: words === 0 ? 0 : errors / words };
}

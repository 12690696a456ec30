// From OCR text to an accepted machine-readable zone (ICAO 9303 TD1, TD2, TD3), for the document
// worker. Pure: no image, no state kept between calls, so a reading never depends on what was read
// before. A zone counts only when `mrz` finds every field valid, every check digit included.
//
// - Position-aware correction: ICAO 9303 fixes which positions hold letters (names, codes) and
//   which digits (dates, check digits); a look-alike in the wrong kind of position is put right
//   (0 in a name is O, O in a date is 0), sex letters OCR confuses (H for M) too.
// - Country codes must be in `mrz`'s list (ISO 3166-1 alpha-3 and ICAO's own: D, GBD, UNO, XXA,
//   ...); a code that is not is tried with its letters' look-alikes, and only real codes are kept.
// - Among the candidate readings, the check digits decide: the first candidate `mrz` finds valid
//   in every field wins; letters and digits that no check digit covers (names, codes) never
//   change a date.
import { parse as parseMrz, states as STATES } from "mrz";

/** A digit read where ICAO 9303 puts a letter. */
const LETTER_FOR = { 0: "O", 1: "I", 2: "Z", 4: "A", 5: "S", 6: "G", 7: "T", 8: "B" };
/** A letter read where ICAO 9303 puts a digit. */
const DIGIT_FOR = { O: "0", D: "0", Q: "0", U: "0", I: "1", L: "1", Z: "2", S: "5", B: "8", G: "6", T: "7", A: "4" };
/** The sex field holds M, F, X or <; OCR-B's M and F are read as these. */
const SEX_FOR = { H: "M", N: "M", W: "M", E: "F", P: "F", K: "X" };
/** Letters OCR-B's shapes are confused with, tried in a country code that is not a real one. */
const COUNTRY_LOOK_ALIKES = {
  B: ["R", "E", "S"],
  D: ["O", "B"],
  E: ["F", "B"],
  F: ["E", "P"],
  H: ["N", "M", "W"],
  I: ["L", "T"],
  K: ["X", "R"],
  L: ["I"],
  M: ["N", "H", "W"],
  N: ["H", "M", "W"],
  O: ["D", "Q", "U", "C"],
  P: ["F", "R"],
  Q: ["O"],
  R: ["B", "P", "K"],
  S: ["B"],
  U: ["V", "O", "D"],
  V: ["U", "Y"],
  W: ["H", "N", "M", "V"],
  X: ["K", "Y"],
  Y: ["V", "X"],
  C: ["G", "O"],
  G: ["C", "O"],
  T: ["I"],
  Z: ["S"],
};

// Kinds of position: A letter (or <), N digit, C a country code's letter, S sex, X either.
const run = (kind, length) => kind.repeat(length);
const LAYOUTS = {
  TD1: [
    run("A", 2) + run("C", 3) + run("X", 25),
    run("N", 7) + "S" + run("N", 7) + run("C", 3) + run("X", 11) + "N",
    run("A", 30),
  ],
  TD2: [
    run("A", 2) + run("C", 3) + run("A", 31),
    run("X", 9) + "N" + run("C", 3) + run("N", 7) + "S" + run("N", 7) + run("X", 7) + "N",
  ],
  TD3: [
    run("A", 2) + run("C", 3) + run("A", 39),
    run("X", 9) + "N" + run("C", 3) + run("N", 7) + "S" + run("N", 7) + run("X", 15) + "N",
  ],
};
const FORMAT_BY_SHAPE = { "3x30": "TD1", "2x36": "TD2", "2x44": "TD3" };

/**
 * ICAO 9303's fictional state of Utopia, which its own specimens (and the states' published
 * specimens copied from them) carry. `mrz`'s list leaves it out. It is read like a real code, so a
 * specimen's zone reads; decide-document.ts never lets a document of Utopia pass (types.ts
 * holds the same constant for it).
 */
const SPECIMEN_STATE = "UTO";

const isCountry = (code) => {
  const bare = code.replace(/</g, "");
  return bare.length > 0 && (bare === SPECIMEN_STATE || Boolean(STATES[bare]));
};

/** The real country codes a three-letter reading may be, the reading itself first. */
function countryCandidates(code) {
  if (isCountry(code) || code === "<<<") return [code];
  const options = [...code].map((char) => [char, ...(COUNTRY_LOOK_ALIKES[char] ?? [])]);
  let found = [];
  for (const a of options[0]) for (const b of options[1]) for (const c of options[2]) found.push(a + b + c);
  found = found.filter(isCountry);
  // Fewest changed letters first; a code needing one change is far likelier than one needing three.
  const changes = (candidate) => [...candidate].filter((char, i) => char !== code[i]).length;
  return found.sort((x, y) => changes(x) - changes(y)).slice(0, 3);
}

/**
 * The zone's lines with each position put to its kind, and the candidate lines whose country codes
 * are real (several when a code's look-alikes make more than one). Empty when a code has none.
 */
function correctedCandidates(lines) {
  const format = FORMAT_BY_SHAPE[`${lines.length}x${lines[0]?.length}`];
  if (!format || lines.some((line) => line.length !== lines[0].length)) return [];
  const layout = LAYOUTS[format];
  const fixed = lines.map((line, i) =>
    [...line]
      .map((char, j) => {
        const kind = layout[i][j];
        if (kind === "A" || kind === "C") return LETTER_FOR[char] ?? char;
        if (kind === "N") return DIGIT_FOR[char] ?? char;
        if (kind === "S") return SEX_FOR[char] ?? char;
        return char;
      })
      .join(""),
  );
  // Each country code's position (line, start), replaced by its real candidates one at a time.
  const codes = [];
  layout.forEach((kinds, i) => {
    for (let j = kinds.indexOf("C"); j !== -1; j = kinds.indexOf("C", j + 3)) codes.push([i, j]);
  });
  let candidates = [fixed];
  for (const [i, j] of codes) {
    candidates = candidates.flatMap((candidate) =>
      countryCandidates(candidate[i].slice(j, j + 3)).map((code) =>
        candidate.map((line, k) => (k === i ? line.slice(0, j) + code + line.slice(j + 3) : line)),
      ),
    );
  }
  return candidates;
}

function parseLines(lines) {
  let result;
  try {
    result = parseMrz(lines, { autocorrect: true });
  } catch {
    return null;
  }
  if (result.valid) return result;
  // Utopia's code is refused by `mrz` only for not being in its list: no check digit covers a
  // country code, so a zone whose only faults are UTO codes is valid as ICAO 9303 defines it.
  // A nationality left blank (Macau's identity cards) is excused for the same reason.
  const specimen = (d) => {
    const code = lines[d.line]?.slice(d.start, d.end);
    return (
      ((d.field === "issuingState" || d.field === "nationality") && code?.replace(/<+$/, "") === SPECIMEN_STATE) ||
      (d.field === "nationality" && code === "<<<")
    );
  };
  const faults = result.details.filter((d) => !d.valid && !specimen(d));
  if (faults.length === result.details.filter((d) => !d.valid).length) return result;
  const details = result.details.map((d) =>
    specimen(d)
      ? { ...d, valid: true, value: lines[d.line].slice(d.start, d.end).replace(/<+$/, ""), error: undefined }
      : d,
  );
  const fields = { ...result.fields };
  for (const d of details) if (specimen(d)) fields[d.field] = d.value || null;
  return { ...result, valid: faults.length === 0, details, fields };
}

/** Look-alikes OCR confuses in OCR-B; document numbers mix letters and digits, so autocorrect cannot tell. */
const LOOK_ALIKES = { 1: "I", I: "1", 0: "O", O: "0", D: "0", 5: "S", S: "5", 8: "B", B: "8", 2: "Z", Z: "2" };

/** Most look-alike positions in a field whose every combination is tried (2^9 readings). */
const MAX_SWAPS = 9;

/**
 * Fields that mix letters and digits freely, each with its own check digit: the document number
 * and the personal number (TD3's optional data). When only these fields' check digits (and the
 * composite one) fail, look-alikes swapped in each (every combination of up to MAX_SWAPS
 * positions) may make them hold. Safe for the dates: they keep their own check digits and the
 * composite one, and the numbers themselves are never used or kept.
 */
const SWAPPABLE = [
  ["documentNumber", "documentNumberCheckDigit"],
  ["personalNumber", "personalNumberCheckDigit"],
];

const CHECK_WEIGHTS = [7, 3, 1];
/** ICAO 9303's check digit of a field's characters. */
function checkDigit(text) {
  let sum = 0;
  [...text].forEach((char, i) => {
    const value = char === "<" ? 0 : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * CHECK_WEIGHTS[i % 3];
  });
  return String(sum % 10);
}

/**
 * The field's texts, fewest look-alike swaps first (up to MAX_SWAPS positions, every
 * combination), whose own check digit holds: at most MAX_READINGS of them.
 */
function swapsToCheck(text, check) {
  if (checkDigit(text) === check) return [text];
  const columns = [];
  for (let i = 0; i < text.length; i++) if (LOOK_ALIKES[text[i]]) columns.push(i);
  const swappable = columns.slice(0, MAX_SWAPS);
  const masks = Array.from({ length: 2 ** swappable.length - 1 }, (_, i) => i + 1).sort(
    (a, b) => bits(a) - bits(b) || a - b,
  );
  const found = [];
  for (const mask of masks) {
    const chars = [...text];
    swappable.forEach((column, k) => {
      if (mask & (1 << k)) chars[column] = LOOK_ALIKES[chars[column]];
    });
    if (checkDigit(chars.join("")) === check) found.push(chars.join(""));
    if (found.length === MAX_READINGS) break;
  }
  return found;
}

/**
 * Most readings of the numbers tried against the composite check digit, which guards the dates
 * a second time: each reading tried is one more chance for a double misread to pass it.
 */
const MAX_READINGS = 8;

function withNumbersFixed(lines, result) {
  const invalid = new Set(result.details.filter((d) => !d.valid).map((d) => d.field));
  const fixable = SWAPPABLE.filter(([field, check]) => invalid.has(field) || invalid.has(check));
  const allowed = new Set(["compositeCheckDigit", ...fixable.flat()]);
  if (fixable.length === 0 || [...invalid].some((f) => !allowed.has(f))) return result;
  let readings = [lines];
  for (const [fieldName, checkName] of fixable) {
    const field = result.details.find((d) => d.field === fieldName);
    const check = result.details.find((d) => d.field === checkName);
    if (!field || !check) return result;
    readings = readings.flatMap((reading) =>
      swapsToCheck(reading[field.line].slice(field.start, field.end), reading[check.line][check.start]).map((text) =>
        reading.map((line, i) => (i === field.line ? line.slice(0, field.start) + text + line.slice(field.end) : line)),
      ),
    );
  }
  // The composite check digit (over the numbers and the dates) must hold for the swapped numbers.
  for (const reading of readings.slice(0, MAX_READINGS)) {
    const again = parseLines(reading);
    if (again?.valid) return again;
  }
  return result;
}

function bits(mask) {
  let count = 0;
  for (let m = mask; m; m >>= 1) count += m & 1;
  return count;
}

const DOCUMENT_TYPES = { P: "passport", I: "id_card", A: "id_card", C: "id_card" };

const isoDay = (date) => date.toISOString().slice(0, 10);

function calendarDate(year, yymmdd) {
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return isoDay(date);
}

/** Longest validity of a passport or identity card (ICAO 9303 allows up to ten years; some states issue for fifteen). */
const MAX_VALIDITY_YEARS = 15;
/**
 * Shortest validity the century rule assumes: a document is issued on or after its holder's birth
 * and valid for at least this long, so a holder born less than this before the expiry belongs to
 * the century before (a zone that says 110101 and expires 120704 is a holder born in 1911, not a
 * baby given an eighteen-month passport). Temporary documents valid for less misplace a baby.
 */
const MIN_VALIDITY_YEARS = 2;

/**
 * The century of the zone's two-digit years. The expiry is at most MAX_VALIDITY_YEARS after
 * today (a document is issued no later than today). The birth date is on or before the document's
 * issue, which is on or before today and at least MIN_VALIDITY_YEARS before the expiry: the
 * latest of 19yy and 20yy that is not after either bound, so a birth date never falls after the
 * issue or after today.
 */
export function placeDates(birthYymmdd, expiryYymmdd, now) {
  if (!/^\d{6}$/.test(birthYymmdd ?? "") || !/^\d{6}$/.test(expiryYymmdd ?? "")) return null;
  const today = isoDay(now);
  const thisYear = now.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const expiryYear = century + Number(expiryYymmdd.slice(0, 2));
  const placedExpiryYear = expiryYear > thisYear + MAX_VALIDITY_YEARS ? expiryYear - 100 : expiryYear;
  const expiry = calendarDate(placedExpiryYear, expiryYymmdd);
  if (!expiry) return null;
  // The latest issue: MIN_VALIDITY_YEARS before the expiry (29 February moved to the 28th).
  const issuedBy = `${String(placedExpiryYear - MIN_VALIDITY_YEARS).padStart(4, "0")}${expiry.slice(4).replace("-02-29", "-02-28")}`;
  const latestBirth = issuedBy < today ? issuedBy : today;
  const yy = Number(birthYymmdd.slice(0, 2));
  for (const year of [century + yy, century - 100 + yy]) {
    const birth = calendarDate(year, birthYymmdd);
    if (!birth) return null;
    if (birth <= latestBirth) return { birthDate: birth, expiryDate: expiry };
  }
  return null;
}

/** Letters OCR reads for a digit; a check digit is never a letter. */
const DIGIT_LOOK_ALIKES = { A: "4", B: "8", D: "0", G: "6", I: "1", L: "1", O: "0", Q: "0", S: "5", T: "7", Z: "2" };

/**
 * OCR read the composite check digit as a letter (which a check digit never is): its look-alike
 * digit is put in, and the check digits are verified again. The dates still have their own check
 * digits; this gives up the composite's second guard on them only when its digit was a letter.
 */
function withCompositeLetterFixed(lines, result) {
  const composite = result.details.find((d) => d.field === "compositeCheckDigit");
  if (!composite || composite.valid) return lines;
  const digit = DIGIT_LOOK_ALIKES[lines[composite.line][composite.start]];
  if (!digit) return lines;
  return lines.map((text, i) =>
    i === composite.line ? text.slice(0, composite.start) + digit + text.slice(composite.start + 1) : text,
  );
}

function acceptOne(lines, now) {
  let result = parseLines(lines);
  if (!result) return null;
  if (!result.valid) {
    const fixed = withCompositeLetterFixed(lines, result);
    if (fixed !== lines) result = parseLines(fixed) ?? result;
    if (!result.valid) result = withNumbersFixed(fixed, result);
  }
  if (!result.valid || !["TD1", "TD2", "TD3"].includes(result.format)) return null;
  const dates = placeDates(result.fields.birthDate, result.fields.expirationDate, now);
  if (!dates) return null;
  return {
    kind: "read",
    source: "mrz",
    format: result.format,
    documentType: DOCUMENT_TYPES[result.fields.documentCode?.[0]] ?? "id_card",
    issuingCountry: result.fields.issuingState,
    ...dates,
  };
}

/**
 * The zone read from these lines (each already of its format's length), or null. The lines as read
 * are tried first (the check digits guard them as they are), then the position-corrected ones.
 */
export function acceptMrz(lines, now) {
  const tried = new Set();
  for (const candidate of [lines, ...correctedCandidates(lines)]) {
    const key = candidate.join("\n");
    if (tried.has(key)) continue;
    tried.add(key);
    const read = acceptOne(candidate, now);
    if (read) return read;
  }
  return null;
}

const MONTHS = [
  ["JAN", "JANV"],
  ["FEB", "FEV", "FEVR"],
  ["MAR", "MARS", "MRZ"],
  ["APR", "AVR", "ABR"],
  ["MAY", "MAI", "MAG", "MEI"],
  ["JUN", "JUIN", "GIU"],
  ["JUL", "JUIL", "LUG"],
  ["AUG", "AOU", "AGO"],
  ["SEP", "SEPT", "SET"],
  ["OCT", "OKT", "OTT"],
  ["NOV"],
  ["DEC", "DEZ", "DIC"],
];

/**
 * Whether the visual zone's text prints this birth date (YYYY-MM-DD): as day, month and year in
 * either order with any separators (or none), the year in four or two digits, the month as a
 * number or a short name (with its translation after it, as bilingual documents print it). OCR's look-alikes in the digits are read as digits.
 */
export function printsBirthDate(text, birthDate) {
  const [year, month, day] = birthDate.split("-");
  const flat = text.toUpperCase().replace(/[\s./-]+/g, "");
  const digits = flat
    .replace(/[OQD]/g, "0")
    .replace(/[IL]/g, "1")
    .replace(/S/g, "5")
    .replace(/B/g, "8")
    .replace(/Z/g, "2");
  const yy = year.slice(2);
  const numeric = [day + month + year, year + month + day, month + day + year, day + month + yy];
  if (numeric.some((form) => digits.includes(form))) return true;
  // A month name, possibly followed by its translation ("AUG/AOUT", "JAN/JAN"), then the year.
  const days = day.startsWith("0") ? `(?:${day}|${day.slice(1)})` : day;
  const names = MONTHS[Number(month) - 1].join("|");
  return new RegExp(`(?:^|[^0-9])${days}(?:${names})[^0-9]{0,8}(?:${year}|${yy})(?:[^0-9]|$)`).test(flat);
}

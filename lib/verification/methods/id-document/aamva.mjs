// AAMVA DL/ID card design standard, annex D: the PDF417 payload of North American driving
// licences and ID cards, parsed by its structure. A header (compliance indicator "@", the data
// element separator, record separator and segment terminator, "ANSI " and the issuer's IIN, the
// standard's version, the jurisdiction's version and the number of subfiles) is followed by one
// 10-character designator per subfile: its type (DL, ID, or a jurisdiction's Z?), its offset
// from the start of the file and its length. The date of birth is taken only from inside the DL or
// ID subfile that a designator points to, never from wherever "DBB" first appears in the text.

/**
 * The header: optional leading whitespace (some readers and scanners prefix it), "@", the three
 * separators (LF RS CR in the standard; early cards and some readers vary them, or drop one),
 * the file type ("ANSI " since 2000; "AAMVA" on some version 1 cards), the IIN and the version.
 */
const HEADER = /^\s*@([\s\x1c-\x1f]{1,4})(ANSI ?|AAMVA)(\d{6})(\d{2})/;
const DESIGNATOR = /^([A-Z][A-Z])(\d{4})(\d{4})$/;

/** A subfile may end one character short of its declared length: readers drop a final CR. */
const LENGTH_SLACK = 1;

/**
 * Parses an AAMVA payload. Returns the DL or ID subfile's dates and what identifies the card, or
 * `{ error }` saying why the payload is refused (not AAMVA, a designator outside the data, no
 * birth date in the subfile, an impossible date).
 */
export function parseAamva(text) {
  const header = HEADER.exec(text);
  if (!header) return { error: "not_aamva" };
  // Offsets count from the compliance indicator.
  const data = text.slice(text.indexOf("@"));
  const version = Number(header[4]);
  let cursor = header[0].length - (text.length - data.length);
  // Version 1 has no jurisdiction version field; later versions do.
  if (version >= 2) {
    if (!/^\d{2}/.test(data.slice(cursor))) return { error: "not_aamva" };
    cursor += 2;
  }
  const entries = Number(data.slice(cursor, cursor + 2));
  if (!/^\d{2}$/.test(data.slice(cursor, cursor + 2)) || entries < 1) return { error: "not_aamva" };
  cursor += 2;
  const designators = [];
  for (let i = 0; i < entries; i++, cursor += 10) {
    const match = DESIGNATOR.exec(data.slice(cursor, cursor + 10));
    if (!match) return { error: "bad_designator" };
    designators.push({ type: match[1], offset: Number(match[2]), length: Number(match[3]) });
  }
  const headerEnd = cursor;
  const subfiles = [];
  for (const [i, designator] of designators.entries()) {
    let offset = designator.offset;
    // Some issuers' encoders write 0000 for the first subfile's offset; its type then starts
    // right after the designators. Anything else pointing into the header is refused.
    if (offset === 0 && i === 0 && data.startsWith(designator.type, headerEnd)) offset = headerEnd;
    if (offset < headerEnd || offset >= data.length) return { error: "offset_outside_data" };
    if (designator.length < 2 || offset + designator.length > data.length + LENGTH_SLACK) {
      return { error: "offset_outside_data" };
    }
    const body = data.slice(offset, offset + designator.length);
    if (!body.startsWith(designator.type)) return { error: "bad_designator" };
    subfiles.push({ type: designator.type, elements: elementsOf(body.slice(2)) });
  }
  const card = subfiles.find((s) => s.type === "DL") ?? subfiles.find((s) => s.type === "ID");
  if (!card) return { error: "no_card_subfile" };
  const country = card.elements.get("DCG") === "CAN" ? "CAN" : "USA";
  const birthDate = dateOf(card.elements.get("DBB"), version, country);
  const expiryDate = dateOf(card.elements.get("DBA"), version, country);
  if (!birthDate || !expiryDate) return { error: "bad_date" };
  return {
    version,
    iin: header[3],
    documentType: card.type === "ID" ? "id_card" : "driving_licence",
    issuingCountry: country,
    birthDate,
    expiryDate,
  };
}

/** A subfile's data elements: three-character IDs, each followed by its value, up to a separator. */
function elementsOf(body) {
  const elements = new Map();
  for (const field of body.split(/[\n\r\x1c-\x1f]+/)) {
    const id = field.slice(0, 3);
    // The first value of an element wins: a later duplicate cannot replace it.
    if (/^[A-Z]{3}$/.test(id) && !elements.has(id)) elements.set(id, field.slice(3).trim());
  }
  return elements;
}

/**
 * A date element as ISO YYYY-MM-DD, or null if it is not a real date. Version 1 writes
 * CCYYMMDD; later versions write MMDDCCYY for the USA and CCYYMMDD for Canada.
 */
function dateOf(value, version, country) {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const yearFirst = version === 1 || country === "CAN";
  const [year, month, day] = yearFirst
    ? [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)]
    : [value.slice(4, 8), value.slice(0, 2), value.slice(2, 4)];
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return null;
  // Day 0 of the next month is the month's last day (29 February only in leap years).
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${year}-${month}-${day}`;
}

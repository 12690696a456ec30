// ICAO 9303 machine-readable zones for made-up specimen documents (eval and test fixtures only).

export type DocumentFormat = "TD1" | "TD2" | "TD3";

export type SpecimenData = {
  format: DocumentFormat;
  /** Three letters (ICAO 9303 uses UTO, "Utopia", for specimens). */
  issuer: string;
  nationality: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  /** YYMMDD */
  birthDate: string;
  sex: "M" | "F" | "<";
  /** YYMMDD */
  expiryDate: string;
};

const LINE_LENGTH: Record<DocumentFormat, number> = { TD1: 30, TD2: 36, TD3: 44 };

function charValue(c: string): number {
  if (c === "<") return 0;
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  return c.charCodeAt(0) - 55;
}

/** The 7-3-1 check digit of ICAO 9303 part 3, section 4.9. */
export function checkDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += charValue(field[i]!) * [7, 3, 1][i % 3]!;
  return String(sum % 10);
}

const pad = (text: string, length: number) => text.padEnd(length, "<").slice(0, length);
const nameField = (data: SpecimenData, length: number) =>
  pad(`${data.surname.replace(/ /g, "<")}<<${data.givenNames.replace(/ /g, "<")}`, length);

/**
 * The MRZ lines of the document, every check digit correct; `tamper`: the birth date's last digit
 * changed after the check digits were computed (a forged or misprinted date that must be refused).
 */
export function makeMrz(data: SpecimenData, tamper = false): string[] {
  const lines = correctMrz(data);
  if (!tamper) return lines;
  // The birth date's last digit: TD1 line 2 column 6; TD2 and TD3 line 2 column 19.
  const [line, column] = data.format === "TD1" ? [1, 5] : [1, 18];
  const digit = String((Number(lines[line]![column]) + 1) % 10);
  return lines.map((text, i) => (i === line ? text.slice(0, column) + digit + text.slice(column + 1) : text));
}

function correctMrz(data: SpecimenData): string[] {
  const number = pad(data.documentNumber, 9);
  const numberCd = number + checkDigit(number);
  const birth = data.birthDate + checkDigit(data.birthDate);
  const expiry = data.expiryDate + checkDigit(data.expiryDate);
  switch (data.format) {
    case "TD1": {
      const optional1 = pad("", 15);
      const optional2 = pad("", 11);
      const line1 = `ID${data.issuer}${numberCd}${optional1}`;
      const line2head = `${birth}${data.sex}${expiry}${data.nationality}${optional2}`;
      const composite = checkDigit(numberCd + optional1 + birth + expiry + optional2);
      return [line1, line2head + composite, nameField(data, 30)];
    }
    case "TD2": {
      const optional = pad("", 7);
      const line1 = `I<${data.issuer}${nameField(data, 31)}`;
      const composite = checkDigit(numberCd + birth + expiry + optional);
      return [line1, `${numberCd}${data.nationality}${birth}${data.sex}${expiry}${optional}${composite}`];
    }
    case "TD3": {
      const personal = pad("", 14);
      const personalCd = personal + checkDigit(personal);
      const line1 = `P<${data.issuer}${nameField(data, 39)}`;
      const composite = checkDigit(numberCd + birth + expiry + personalCd);
      return [line1, `${numberCd}${data.nationality}${birth}${data.sex}${expiry}${personalCd}${composite}`];
    }
  }
}

export function lineLength(format: DocumentFormat): number {
  return LINE_LENGTH[format];
}

export type AamvaLicence = {
  version: number;
  iin: string;
  documentType: "driving_licence" | "id_card";
  issuingCountry: "USA" | "CAN";
  /** YYYY-MM-DD */
  birthDate: string;
  expiryDate: string;
};

/** An AAMVA payload parsed by its header and subfile designators, or why it is refused. */
export function parseAamva(
  text: string,
): AamvaLicence | { error: "not_aamva" | "bad_designator" | "offset_outside_data" | "no_card_subfile" | "bad_date" };

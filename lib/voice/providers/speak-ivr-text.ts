// What an English IVR script means, written so that a local engine says it the way a caller
// expects. Festival, Flite and eSpeak read general prose; IVR scripts are full of keypad keys,
// prices and phone numbers, which they drop or misread: Festival says nothing for "#", reads
// "$45.50" as "forty five dollars fifty", and "1-800-555-0199" as eleven digits. ElevenLabs'
// voices say these as a caller expects, so the local English voices should too. Only English
// voices get this; every rule below is about the written form, never about particular prompts.

const PHONE_NUMBER = /(?<![\w$.,])(?:\+?1[-. ])?(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\w.,]\d)/g;
const MONEY_WITH_CENTS = /\$(\d{1,3}(?:,\d{3})*|\d+)\.(\d\d)(?!\d)/g;

/** One group of a phone number, digit by digit; a toll-free "800" is "eight hundred". */
function phoneGroup(group: string): string {
  return group === "800" ? "eight hundred" : [...group].join(" ");
}

/**
 * `text` with keypad keys, prices with cents and phone numbers spelled as a US or UK IVR says
 * them. `locale` picks the name of "#": "pound" in North America, "hash" elsewhere.
 */
export function speakIvrText(text: string, locale: string | null | undefined): string {
  const hash = !locale || /^en-(US|CA)$/.test(locale) ? "pound" : "hash";
  return (
    text
      // Phone numbers: groups read digit by digit, a pause between groups.
      .replace(PHONE_NUMBER, (number) =>
        number
          .replace(/^\+/, "")
          .split(/[^\d]+/)
          .filter(Boolean)
          .map(phoneGroup)
          .join(", "),
      )
      // "$45.50" is forty-five dollars and fifty cents; "$0.99" ninety-nine cents.
      .replace(MONEY_WITH_CENTS, (_m, dollars: string, cents: string) => {
        const whole = dollars.replace(/,/g, "");
        const centWords = cents === "00" ? "" : `${Number(cents)} cent${cents === "01" ? "" : "s"}`;
        if (Number(whole) === 0) return centWords || "0 dollars";
        const dollarWords = `${dollars} dollar${whole === "1" ? "" : "s"}`;
        return centWords ? `${dollarWords} and ${centWords}` : dollarWords;
      })
      // Keypad keys, alone or in "press #", "the # key", "#5": named, never dropped.
      .replace(/#/g, ` ${hash} `)
      .replace(/\*/g, " star ")
      .replace(/ {2,}/g, " ")
      .replace(/ ([.,;:!?])/g, "$1")
      .trim()
  );
}

// The en-XA pseudo-locale, made from the English catalogue: every letter of the text accented,
// and each message stretched by about 40% and bracketed, so untranslated text (plain ASCII),
// truncation (a missing bracket) and concatenation (brackets mid-sentence) show at a glance.
// ICU arguments, plural/select keys and rich-text tags are kept as they are.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import { accent } from "@/lib/verification/locale/accent";

/** Accents the literal text of a parsed message in place; counts the letters it saw. */
function accentElements(elements: MessageFormatElement[]): number {
  let letters = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      letters += element.value.replace(/[^A-Za-z]/g, "").length;
      element.value = accent(element.value);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      // Branches are alternatives: the longest one sets the padding.
      letters += Math.max(...Object.values(element.options).map((option) => accentElements(option.value)));
    } else if (element.type === TYPE.tag) {
      letters += accentElements(element.children);
    }
  }
  return letters;
}

/** One message in en-XA: accented, padded by 40% of its letters, bracketed. */
function pseudoMessage(message: string): string {
  const ast = parse(message);
  const letters = accentElements(ast);
  // Padding in short words, so it wraps as text does (one long run would overflow any box).
  const padding = "~".repeat(Math.ceil(letters * 0.4)).replace(/(~{5})(?=~)/g, "$1 ");
  return `[${printAST(ast)} ${padding}]`;
}

type Catalogue = { [key: string]: string | Catalogue };

export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === "string" ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  );
}

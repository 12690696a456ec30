// W3C Pronunciation Lexicon Specification 1.0 documents, read safely (read-xml.ts: no DTDs, no
// entities, nothing fetched). Client-safe: the studio's editor checks an entry as it is typed.
import { checkIpa } from "@/lib/voice/ssml/parse-ssml";
import { MarkupError, readXml } from "@/lib/voice/ssml/read-xml";

const MAX_LEXEMES = 1000;
const MAX_GRAPHEME = 100;
const MAX_ALIAS = 200;

/** One entry: the written forms it matches, and what to say instead. */
export type Lexeme = { graphemes: string[]; alias: string | null; phoneme: string | null };
export type ParsedLexicon = { language: string; lexemes: Lexeme[] };

const ELEMENTS: Record<string, string[]> = {
  lexicon: ["version", "xmlns", "xmlns:xsi", "xsi:schemaLocation", "alphabet", "xml:lang"],
  lexeme: ["role"],
  grapheme: ["orthography"],
  phoneme: ["alphabet", "prefer"],
  alias: ["prefer"],
  example: [],
  meta: ["name", "content", "http-equiv"],
  metadata: [],
};
const TEXT_ELEMENTS = new Set(["grapheme", "phoneme", "alias", "example"]);

/**
 * The lexemes of a PLS document. Every problem is a MarkupError with its line: malformed XML, a
 * DOCTYPE (entities, external references), an element or attribute outside PLS, an alphabet
 * other than IPA, an IPA symbol no engine can say, a lexeme without a grapheme or a
 * pronunciation, or more than 1,000 lexemes.
 */
export function parsePls(source: string): ParsedLexicon {
  const lexemes: Lexeme[] = [];
  const stack: string[] = [];
  let language = "";
  let current: Lexeme | null = null;
  let text = "";
  let lexiconAlphabet = "ipa";
  let phonemeAlphabet = "ipa";
  readXml(source, {
    open(name, attrs, fail) {
      if (!(name in ELEMENTS))
        fail(
          `unknown element <${name}>; PLS 1.0 has <lexicon>, <lexeme>, <grapheme>, <phoneme>, <alias>, <example>, <meta>`,
        );
      for (const attr of Object.keys(attrs))
        if (!ELEMENTS[name].includes(attr) && !attr.startsWith("xmlns:")) fail(`<${name}> has no attribute "${attr}"`);
      const parent = stack.at(-1);
      if (name === "lexicon") {
        if (parent) fail("<lexicon> must be the root element");
        lexiconAlphabet = attrs.alphabet ?? "";
        if (lexiconAlphabet !== "ipa") fail(`<lexicon alphabet> must be "ipa", not "${lexiconAlphabet}"`);
        language = attrs["xml:lang"] ?? "";
        if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) fail("<lexicon> needs an xml:lang such as en-US");
      } else if (!parent) {
        fail("the document must be one <lexicon> element");
      } else if (name === "lexeme") {
        if (parent !== "lexicon") fail("<lexeme> belongs directly in <lexicon>");
        if (lexemes.length >= MAX_LEXEMES) fail(`a lexicon may hold at most ${MAX_LEXEMES} lexemes`);
        current = { graphemes: [], alias: null, phoneme: null };
      } else if (TEXT_ELEMENTS.has(name)) {
        if (parent !== "lexeme") fail(`<${name}> belongs in a <lexeme>`);
        if (name === "phoneme") phonemeAlphabet = attrs.alphabet ?? lexiconAlphabet;
      } else if (parent !== "lexicon" && !(name === "meta" && parent === "metadata")) {
        fail(`<${name}> belongs directly in <lexicon>`);
      }
      stack.push(name);
      text = "";
    },
    text(chunk, fail) {
      const open = stack.at(-1);
      if (open && TEXT_ELEMENTS.has(open)) text += chunk;
      else if (open !== "metadata" && chunk.trim())
        fail(`text "${chunk.trim().slice(0, 20)}" is not allowed in <${open ?? "the document"}>`);
    },
    close(name, fail) {
      stack.pop();
      const value = text.replace(/\s+/g, " ").trim();
      text = "";
      if (name === "lexeme") {
        const lexeme = current!;
        current = null;
        if (lexeme.graphemes.length === 0) fail("a <lexeme> needs a <grapheme>");
        if (!lexeme.alias && !lexeme.phoneme) fail("a <lexeme> needs an <alias> or a <phoneme>");
        lexemes.push({ graphemes: lexeme.graphemes, alias: lexeme.alias, phoneme: lexeme.phoneme });
        return;
      }
      if (!current || !TEXT_ELEMENTS.has(name) || name === "example") return;
      if (!value) fail(`<${name}> is empty`);
      if (name === "grapheme") {
        if (value.length > MAX_GRAPHEME) fail(`<grapheme> may be at most ${MAX_GRAPHEME} characters`);
        current.graphemes.push(value);
      } else if (name === "alias") {
        if (value.length > MAX_ALIAS) fail(`<alias> may be at most ${MAX_ALIAS} characters`);
        current.alias ??= value;
      } else {
        if (phonemeAlphabet !== "ipa") fail(`<phoneme alphabet> must be "ipa", not "${phonemeAlphabet}"`);
        checkIpa(value, (reason) => fail(`<phoneme>${value}</phoneme>: ${reason}`));
        current.phoneme ??= value;
      }
    },
  });
  if (!language) throw new MarkupError(1, "the document must be one <lexicon> element");
  if (lexemes.length === 0) throw new MarkupError(1, "the lexicon has no <lexeme>");
  return { language, lexemes };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A PLS 1.0 document of `lexemes` (the studio's export, and the API's for edited lexicons). */
export function writePls(language: string, lexemes: readonly Lexeme[]): string {
  const entries = lexemes.map((lexeme) => {
    const lines = lexeme.graphemes.map((g) => `    <grapheme>${escapeXml(g)}</grapheme>`);
    if (lexeme.phoneme) lines.push(`    <phoneme>${escapeXml(lexeme.phoneme)}</phoneme>`);
    if (lexeme.alias) lines.push(`    <alias>${escapeXml(lexeme.alias)}</alias>`);
    return `  <lexeme>\n${lines.join("\n")}\n  </lexeme>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${escapeXml(language)}">\n` +
    `${entries.join("\n")}\n</lexicon>\n`
  );
}

// The message catalogues (issue 51): every key in every locale, with the same ICU arguments,
// plural forms for each locale's own plural rules, no English left in a translation, and the
// pseudo-locale accenting every letter a user can see.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { loadMessages, type Messages } from "@/lib/verification/locale/catalogues";
import { PSEUDO_LOCALE, SUPPORTED_LOCALES } from "@/lib/verification/locale/locales";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Each argument and tag of a message with its kind: "requester:argument", "seconds:plural", "who:tag". */
function signature(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(`${element.value}:argument`);
    if (element.type === TYPE.tag) {
      into.add(`${element.value}:tag`);
      signature(element.children, into);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) signature(option.value, into);
    }
  }
  return into;
}

/** Every plural element's option keys, and every select element's (select keys must match English). */
function branches(elements: MessageFormatElement[], out: { plural: string[][]; select: string[][] }) {
  for (const element of elements) {
    if (element.type === TYPE.tag) branches(element.children, out);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      (element.type === TYPE.plural ? out.plural : out.select).push(Object.keys(element.options).sort());
      for (const option of Object.values(element.options)) branches(option.value, out);
    }
  }
  return out;
}

// Sample values for every argument the catalogue uses.
const VALUES = {
  age: 18,
  brand: "Acme",
  product: "Voiceage",
  requester: "Acme",
  method: "face_estimation",
  reason: "not_live",
  from: "A",
  to: "B",
  check: "C",
  duration: "5 min",
  instead: "yes",
  label: "Acme",
  seconds: 3,
  tries: 2,
  title: "T",
  detail: "D",
  url: "https://example.test/x",
  who: (chunks: unknown) => chunks,
  strong: (chunks: unknown) => chunks,
};

/** A message formatted as text (rich messages' tags keep their text). */
function format(t: ReturnType<typeof createTranslator>, key: string, values: object): string {
  const rich = (t.rich as (key: string, values: object) => unknown)(key, values);
  return Array.isArray(rich) ? rich.join("") : String(rich);
}

const english = flatten((await loadMessages("en")) as Tree);
// Messages that are the same words in some languages: only these may equal the English.
const SAME_AS_ENGLISH = new Set(["result.announce", "shell.titleWithBrand"]);

describe.each(SUPPORTED_LOCALES.filter((locale) => locale !== "en"))("messages/%s.json", async (locale) => {
  const messages = await loadMessages(locale);
  const flat = flatten(messages as Tree);

  it("has exactly the English keys", () => {
    expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("uses the same ICU arguments, tags, plurals and selects as English in every message", () => {
    for (const [key, source] of english) {
      const translated = flat.get(key) ?? "";
      expect({ key, signature: [...signature(parse(translated))].sort() }).toEqual({
        key,
        signature: [...signature(parse(source))].sort(),
      });
      const ours = branches(parse(translated), { plural: [], select: [] });
      expect({ key, select: ours.select }).toEqual({
        key,
        select: branches(parse(source), { plural: [], select: [] }).select,
      });
      // Every plural form this language's rules can pick is written out.
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const options of ours.plural)
        expect({ key, missing: needed.filter((c) => !options.includes(c)) }).toEqual({ key, missing: [] });
    }
  });

  it("is translated: no message left in English", () => {
    const untranslated = [...english].filter(([key, value]) => !SAME_AS_ENGLISH.has(key) && flat.get(key) === value);
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it("formats every message with sample values", () => {
    const t = createTranslator({ locale, messages: messages as Messages });
    for (const key of english.keys()) {
      const formatted = format(t, key, VALUES);
      expect(formatted, key).not.toBe(key);
      expect(formatted, key).not.toMatch(/[{}]/);
    }
  });
});

describe("the pseudo-locale (en-XA)", async () => {
  const pseudo = flatten((await loadMessages(PSEUDO_LOCALE)) as Tree);
  const t = createTranslator({ locale: PSEUDO_LOCALE, messages: (await loadMessages(PSEUDO_LOCALE)) as Messages });

  // Every argument a mark that is not a letter (a select then takes its "other" branch).
  const marks = Object.fromEntries(
    Object.entries(VALUES).map(([name, value]) => [name, typeof value === "string" ? "①" : value]),
  );
  const en = createTranslator({ locale: "en", messages: (await loadMessages("en")) as Messages });

  it("has every English key, bracketed and at least 30% longer once formatted", () => {
    expect([...pseudo.keys()].sort()).toEqual([...english.keys()].sort());
    for (const key of english.keys()) {
      const text = format(t, key, marks);
      expect(text.startsWith("[") && text.endsWith("]"), key).toBe(true);
      expect(text.length, key).toBeGreaterThanOrEqual(Math.floor(format(en, key, marks).length * 1.3));
    }
  });

  it("leaves no unaccented letter in any formatted message", () => {
    for (const key of english.keys()) {
      expect({ key, ascii: format(t, key, marks).match(/[A-Za-z]+/g) }).toEqual({ key, ascii: null });
    }
  });
});

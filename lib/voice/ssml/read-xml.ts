// One safe way of reading the XML the Voice API accepts (SSML prompts, PLS lexicons): saxes, a
// conforming non-validating parser that never fetches anything. A DOCTYPE is refused outright,
// so no entity can be declared (no XXE, no entity expansion): only XML's five predefined
// entities and character references are read. Client-safe.
import { SaxesParser } from "saxes";

/** Bad markup, with the line it is on (1-based). */
export class MarkupError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "MarkupError";
  }
}

export type XmlHandlers = {
  open(name: string, attributes: Record<string, string>, fail: (reason: string) => never): void;
  text(text: string, fail: (reason: string) => never): void;
  close(name: string, fail: (reason: string) => never): void;
};

/** Reads `source`, calling `handlers` in document order; any problem is a MarkupError with its line. */
export function readXml(source: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ position: true, xmlns: false });
  const fail = (reason: string): never => {
    throw new MarkupError(parser.line, reason);
  };
  parser.on("error", (error) => fail(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")));
  parser.on("doctype", () => fail("a DOCTYPE is not accepted (no DTDs or entity declarations)"));
  parser.on("processinginstruction", (pi) => fail(`processing instruction <?${pi.target}?> is not accepted`));
  parser.on("opentag", (tag) => handlers.open(tag.name, tag.attributes, fail));
  parser.on("text", (text) => handlers.text(text, fail));
  parser.on("cdata", (text) => handlers.text(text, fail));
  parser.on("closetag", (tag) => handlers.close(tag.name, fail));
  try {
    parser.write(source).close();
  } catch (error) {
    throw error instanceof MarkupError ? error : new MarkupError(parser.line, String(error));
  }
}

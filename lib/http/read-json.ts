/** Problems with the raw request body, before any schema sees it. */
export class BodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BodyError";
  }
}

/** Reads a JSON object body, insisting on a JSON content type. */
export async function readJsonObject(req: Request): Promise<unknown> {
  return parseJsonObject(req.headers.get("content-type"), await req.text());
}

/** Parses an already-read body as a JSON object, insisting on a JSON content type. */
export function parseJsonObject(contentType: string | null, raw: string): unknown {
  if (!/^application\/([\w.+-]+\+)?json\b/i.test((contentType ?? "").trim())) {
    throw new BodyError("Content-Type must be application/json.");
  }
  if (raw.trim() === "") throw new BodyError("Request body is empty; expected a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BodyError("Request body is not valid JSON.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new BodyError("Request body must be a JSON object.");
  }
  return value;
}

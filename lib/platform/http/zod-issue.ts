import type { z } from "zod";

/** The first issue of a ZodError as a field path and a sentence that names the field. */
export function describeZodError(error: z.ZodError): { param: string | undefined; message: string } {
  const issue = error.issues[0];
  if (!issue) return { param: undefined, message: "Invalid request." };
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const param = [...path, issue.keys[0]].join(".");
    return { param, message: `Unknown parameter: ${param}.` };
  }
  if (issue.code === "invalid_key") {
    // A record key failed its own schema (e.g. a metadata key over 40 characters). The field to
    // fix is the record; the key is quoted in the message (shortened: it may be long).
    const key = path[path.length - 1] ?? "";
    const param = path.slice(0, -1).join(".") || undefined;
    const reason = issue.issues[0]?.message ?? "invalid key";
    const shown = key.length > 50 ? `${key.slice(0, 47)}...` : key;
    return { param, message: `Invalid ${param ?? "key"}: ${reason} (key "${shown}").` };
  }
  const param = path.length ? path.join(".") : undefined;
  return { param, message: param ? `Invalid ${param}: ${issue.message}` : issue.message };
}

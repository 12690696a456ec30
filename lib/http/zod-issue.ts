import type { z } from "zod";

/** The first issue of a ZodError as a field path and a sentence that names the field. */
export function describeZodError(error: z.ZodError): { param: string | undefined; message: string } {
  const issue = error.issues[0];
  if (!issue) return { param: undefined, message: "Invalid request." };
  let path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    path = [...path, key];
    return { param: path.join("."), message: `Unknown parameter: ${path.join(".")}.` };
  }
  const param = path.length ? path.join(".") : undefined;
  return { param, message: param ? `Invalid ${param}: ${issue.message}` : issue.message };
}

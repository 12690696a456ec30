// How every page and GET route reads its query parameters: through a zod schema built from these
// helpers (`schema.parse(await searchParams)`), never by hand. A value that is missing, empty,
// repeated where one is expected, or not of its shape is ignored (undefined): a hand-edited or
// stale link shows the plain page rather than an error. Importable by client and server.
import { z } from "zod";

/** What Next.js gives a page as `searchParams`. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** One value of a parameter, ignored when it is not one non-empty string matching `schema`. */
export const singleParam = <T extends z.ZodType<string>>(schema: T) =>
  z
    .preprocess((value) => (typeof value === "string" && value !== "" ? value : undefined), schema.optional())
    .catch(undefined);

/** Every value of a repeatable parameter, in order. */
export const repeatedParam = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);

/** A route handler's URL query in the shape pages get, so both parse with the same schemas. */
export function searchParamsRecord(query: URLSearchParams): PageSearchParams {
  const record: PageSearchParams = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

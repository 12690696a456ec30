// zod schemas of the dashboard's forms; the server actions parse with the same ones.
import { z } from "zod";
import { idPattern } from "@/lib/ids";
import { modeSchema } from "@/lib/keys/key-mode";
import { createWebhookEndpointBodySchema, sessionStatuses } from "@/lib/verification/schemas";

export const createApiKeyFormSchema = z.object({
  name: z.string().trim().min(1, "Name the key after where it will be used, e.g. \"Checkout backend\".").max(60, "Use at most 60 characters."),
  mode: modeSchema,
});
export type CreateApiKeyForm = z.infer<typeof createApiKeyFormSchema>;

export const idSchema = (prefix: string) => z.string().regex(idPattern(prefix), `Not a valid ${prefix}_ id.`);

/** The dashboard's endpoint form: the API's own create body, plus the mode the key would have given. */
export const createWebhookEndpointFormSchema = createWebhookEndpointBodySchema.extend({ mode: modeSchema });
export type CreateWebhookEndpointForm = z.infer<typeof createWebhookEndpointFormSchema>;

// The query parameters of every dashboard page that reads any. A page parses its searchParams
// with its schema (`schema.parse(await searchParams)`) and never reads them by hand. A value that is missing, empty,
// repeated where one is expected, or not of its shape is ignored (undefined), as a hand-edited
// or stale link should show the unfiltered page rather than an error.

export type PageSearchParams = Record<string, string | string[] | undefined>;

/** One value of a parameter, ignored when it is not one non-empty string matching `schema`. */
const single = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value !== "" ? value : undefined), schema.optional()).catch(undefined);

/** Every value of a repeatable parameter, in order. */
const repeated = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()));

/** /dashboard: `welcome` after sign-up. */
export const overviewQuerySchema = z.object({ welcome: single(z.string()).transform(Boolean) });

/** /dashboard/sessions: filters, and `c`, the trail of cursors of the pages walked so far. */
export const sessionsQuerySchema = z.object({
  status: single(z.enum(sessionStatuses)),
  mode: single(modeSchema),
  c: repeated,
});

/** /dashboard/deliveries: one endpoint's attempts, and `before`, the last attempt of the page before. */
export const deliveriesQuerySchema = z.object({ endpoint: single(idSchema("whe")), before: single(idSchema("wha")) });

/** /dashboard/dead-letters: one endpoint's dead letters, and `before`, the last delivery of the page before. */
export const deadLettersQuerySchema = z.object({ endpoint: single(idSchema("whe")), before: single(idSchema("whd")) });

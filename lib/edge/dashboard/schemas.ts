// zod schemas of the dashboard's forms; the server actions parse with the same ones.
import { z } from "zod";
import { repeatedParam, singleParam } from "@/lib/platform/http/search-params";
import { idPattern } from "@/lib/platform/ids";
import { modeSchema } from "@/lib/account/keys/key-mode";
import { rollWindowSchema } from "@/lib/account/keys/roll-windows";
import { sessionStatuses, webhookEventTypes } from "@/lib/verification/schemas";
import { createWebhookEndpointBodySchema } from "@/lib/verification/webhooks/schemas";

export const createApiKeyFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the key after where it will be used, e.g. "Checkout backend".')
    .max(60, "Use at most 60 characters."),
  mode: modeSchema,
});

export const rollApiKeyFormSchema = z.object({ window: rollWindowSchema });

export const idSchema = (prefix: string) => z.string().regex(idPattern(prefix), `Not a valid ${prefix}_ id.`);

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
};

/**
 * The dashboard's endpoint form: the API's own create body, plus the mode the key would have
 * given. The form's mistakes get the form's own sentences (the API's name JSON fields); the
 * API's schema still checks the rest.
 */
export const createWebhookEndpointFormSchema = createWebhookEndpointBodySchema.extend({
  url: z
    .string()
    .trim()
    .min(1, { error: "Enter your receiver's address, starting with https://.", abort: true })
    .refine(
      isHttpsUrl,
      "Use a full address that starts with https://, e.g. https://example.com/webhooks. Plain http is not accepted.",
    )
    .pipe(createWebhookEndpointBodySchema.shape.url),
  events: z
    .array(z.enum(webhookEventTypes))
    .min(1, "Choose at least one event to send.")
    .pipe(createWebhookEndpointBodySchema.shape.events.unwrap()),
  mode: modeSchema,
});

// The query parameters of every dashboard page that reads any (lib/platform/http/search-params.ts says how
// a value that is not of its shape is treated).

/** /dashboard: `welcome` after sign-up, `joined` after accepting an invitation, `left` after leaving another. */
export const overviewQuerySchema = z.object({
  welcome: singleParam(z.string()).transform(Boolean),
  joined: singleParam(z.string()).transform(Boolean),
  left: singleParam(z.string()).transform(Boolean),
});

/** A calendar day as a date input sends it (YYYY-MM-DD), and only a day that exists. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });

/**
 * /dashboard/sessions: filters, the search box (`q`, read by parseSessionSearch), the days
 * created from and to (inclusive, UTC), and `c`, the trail of cursors of the pages walked so far.
 */
export const sessionsQuerySchema = z.object({
  status: singleParam(z.enum(sessionStatuses)),
  mode: singleParam(modeSchema),
  q: singleParam(z.string().max(600)),
  from: singleParam(calendarDay),
  to: singleParam(calendarDay),
  c: repeatedParam,
});

/** /dashboard/deliveries: one endpoint's attempts, and `before`, the last attempt of the page before. */
export const deliveriesQuerySchema = z.object({
  endpoint: singleParam(idSchema("whe")),
  before: singleParam(idSchema("wha")),
});

/** /dashboard/dead-letters: one endpoint's dead letters, and `before`, the last delivery of the page before. */
export const deadLettersQuerySchema = z.object({
  endpoint: singleParam(idSchema("whe")),
  before: singleParam(idSchema("whd")),
});

/**
 * /dashboard/settings: the name end users see in the hosted flow ("<name> asks you to confirm your
 * age"). Empty clears it (the flow then names the return URL's host).
 */
export const displayNameFormSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters.")
    // Printable text only: it is shown to strangers as the name of who asked.
    .regex(/^[^\p{C}]*$/u, "Use letters, numbers, spaces and punctuation only.")
    .transform((value) => (value === "" ? null : value)),
});

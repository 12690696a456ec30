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

/** The sessions list's filters, as they appear in the page's query string. */
export const sessionListFilterSchema = z.object({
  status: z.enum(sessionStatuses).optional().catch(undefined),
  mode: modeSchema.optional().catch(undefined),
});

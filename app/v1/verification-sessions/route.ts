import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { createSessionJson } from "@/lib/verification/create-session";
import { listSessionsJson } from "@/lib/verification/list-sessions";
import { jsonTextResponse } from "@/lib/platform/http/json-text-response";
import { createSessionBodySchema, listSessionsQuerySchema } from "@/lib/verification/schemas";

export const dynamic = "force-dynamic";

// Under an Idempotency-Key, the session's own statement claims the key and stores the answer.
export const POST = withApiKey(
  async ({ principal, json, idempotency }) => {
    const body = createSessionBodySchema.parse(json());
    const input = { orgId: principal.orgId, mode: principal.mode, ...body };
    return jsonTextResponse(await createSessionJson(input, idempotency), 201);
  },
  { storesIdempotentAnswer: true },
);

export const GET = withApiKey(async ({ principal, query }) => {
  const { limit, cursor } = listSessionsQuerySchema.parse(Object.fromEntries(query));
  return jsonTextResponse(await listSessionsJson({ orgId: principal.orgId, limit, cursor }));
});

export {
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};

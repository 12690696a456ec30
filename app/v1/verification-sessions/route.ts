import { withApiKey } from "@/lib/api/with-api-key";
import { unrecognizedRequest } from "@/lib/api/unrecognized-request";
import { createSession } from "@/lib/verification/create-session";
import { listSessionsJson } from "@/lib/verification/list-sessions";
import { jsonTextResponse } from "@/lib/http/json-text-response";
import { createSessionBodySchema, listSessionsQuerySchema } from "@/lib/verification/schemas";

export const dynamic = "force-dynamic";

export const POST = withApiKey(async ({ principal, json }) => {
  const body = createSessionBodySchema.parse(json());
  return Response.json(await createSession({ orgId: principal.orgId, mode: principal.mode, ...body }), { status: 201 });
});

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

import { refuseBinding, withBoundSession } from "@/lib/edge/api/with-bound-session";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { readLimitedForm } from "@/lib/verification/hosted-flow/read-limited-form";
import { MAX_IMAGE_BYTES, submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";
import { localizeFlowMessage, noClearResultMessage } from "@/lib/verification/hosted-flow/flow-messages";

// Live photo upload (camera frame or chosen file). A route handler rather than a server action
// so a full-size phone photo fits (server actions stop at 1 MB). Same checks as the actions:
// same Origin, and the browser binding cookie of this session.
export const dynamic = "force-dynamic";

// Every refusal is said in the page's language (the checks decide in English constants); the
// machine-readable fields beside it (`retake`, `about`, `limit`, `tries_left`) stay as they are.
const refuse = async (status: number, message: string, extra: object = {}, headers: Record<string, string> = {}) =>
  Response.json(
    { error: await localizeFlowMessage(message), ...extra },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );

export const POST = withBoundSession({ sameOrigin: true, refuse: refuseBinding }, async ({ req, session }) => {
  // Room for a document photo and its live selfie (id_document); each is held to MAX_IMAGE_BYTES.
  const form = await readLimitedForm(req, 2 * MAX_IMAGE_BYTES + 64 * 1024);
  if (form === "too_large") return refuse(413, REFUSALS.photoTooBig);
  if (!form) return refuse(400, REFUSALS.multipart);
  const image = form.get("image");
  const selfie = form.get("selfie");
  const expectedIndex = Number(form.get("expected_index"));
  if (!(image instanceof Blob) || !Number.isInteger(expectedIndex)) return refuse(400, REFUSALS.onePhoto);
  if (selfie !== null && !(selfie instanceof Blob)) return refuse(400, REFUSALS.selfieAsPhoto);

  const outcome = await submitImageEvidence(session, expectedIndex, image, clientAddress(req.headers), selfie);
  if (outcome.kind === "rejected") return refuse(400, outcome.message);
  if (outcome.kind === "provider_error") {
    return outcome.retryable ? refuse(503, outcome.message, {}, { "Retry-After": "2" }) : refuse(502, outcome.message);
  }
  // `about`: which photo to take again (document or selfie); `tries_left`: after no clear result.
  if (outcome.kind === "retake") return refuse(422, outcome.message, { retake: true, about: outcome.about });
  if (outcome.kind === "try_again") {
    const message = await noClearResultMessage(session.requiredAge, outcome.triesLeft);
    return refuse(422, message, { retake: true, no_clear_result: true, tries_left: outcome.triesLeft });
  }
  if (outcome.kind === "busy") return refuse(409, outcome.message);
  if (outcome.kind === "limited") {
    const retry: Record<string, string> = outcome.retryAfterSeconds
      ? { "Retry-After": String(outcome.retryAfterSeconds) }
      : {};
    return refuse(429, outcome.message, { limit: outcome.limit }, retry);
  }
  return Response.json({ outcome: outcome.kind }, { headers: { "Cache-Control": "no-store" } });
});

import { refuseBinding, withBoundSession } from "@/lib/edge/api/with-bound-session";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { BodyTooLargeError, readBodyBytes } from "@/lib/platform/http/read-json";
import { checkLiveFrame, MAX_LIVE_FRAME_BYTES } from "@/lib/verification/hosted-flow/live-face-check";
import { localizeFlowMessage, localizeLiveCheck } from "@/lib/verification/hosted-flow/flow-messages";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";

// The camera view's live check of one small frame (a JPEG body, not a form): the face quality
// gates without an age estimate, answering only { check: "ok" | "retake" | "busy" } (docs/face-estimation.md).
// Same checks as the photo upload beside it (withBoundSession): same Origin, and this session's
// browser binding cookie.
export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store" };
// Refusals and the retake's sentence in the page's language; `check`, `reason` and `limit` stay the codes.
const refuse = async (status: number, message: string, headers: Record<string, string> = {}, extra: object = {}) =>
  Response.json(
    { error: await localizeFlowMessage(message), ...extra },
    { status, headers: { ...noStore, ...headers } },
  );

export const POST = withBoundSession({ sameOrigin: true, refuse: refuseBinding }, async ({ req, session }) => {
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(req, MAX_LIVE_FRAME_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(413, REFUSALS.frameTooLarge);
    throw error;
  }
  const answer = await checkLiveFrame(session, bytes, clientAddress(req.headers));
  if (answer.check === "refused") {
    return refuse(
      answer.status,
      answer.message,
      answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
      answer.limit ? { limit: answer.limit } : {},
    );
  }
  return Response.json(await localizeLiveCheck(answer), { headers: noStore });
});

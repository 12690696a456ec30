import { env } from "@/lib/platform/env";
import { prepareBody } from "@/lib/platform/http/prepared-response";
import { lazy } from "@/lib/platform/lazy";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";

// Each document depends only on the deployment's configuration, so it is built, encoded and
// compressed once per process.
const asJson = (document: unknown) => prepareBody(Buffer.from(JSON.stringify(document)), "application/json");

export const preparedVoiceDocument = lazy(() => asJson(buildVoiceDocument(env().APP_URL, env().TTS_MAX_TEXT_LENGTH)));
export const preparedVerificationDocument = lazy(() => asJson(buildVerificationDocument(env().APP_URL)));

/** Public and stable within a deploy; five minutes keeps a new deploy's changes visible soon. */
export const OPENAPI_CACHE_CONTROL = "public, max-age=300";

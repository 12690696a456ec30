import { unrecognizedVoiceRequest } from "@/lib/edge/api/unrecognized-voice-request";

export const dynamic = "force-dynamic";

// Unknown paths below this Voice API root answer in the API's envelope, not with an HTML page.
export {
  unrecognizedVoiceRequest as GET,
  unrecognizedVoiceRequest as POST,
  unrecognizedVoiceRequest as PUT,
  unrecognizedVoiceRequest as PATCH,
  unrecognizedVoiceRequest as DELETE,
  unrecognizedVoiceRequest as OPTIONS,
};

import { unrecognizedVoiceRequest } from "@/lib/api/unrecognized-voice-request";

// Unknown paths below this Voice API root answer in the API's envelope, not with an HTML page.
export {
  unrecognizedVoiceRequest as GET,
  unrecognizedVoiceRequest as POST,
  unrecognizedVoiceRequest as PUT,
  unrecognizedVoiceRequest as PATCH,
  unrecognizedVoiceRequest as DELETE,
  unrecognizedVoiceRequest as OPTIONS,
};

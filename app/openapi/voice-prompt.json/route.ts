// The name a reader of the spec (voice-prompt-service.md) guesses first: the same document.
export { GET } from "../voice.json/route";

export const dynamic = "force-dynamic";

// The name a reader of the spec (age-verification-service.md) guesses first: the same document.
export { GET } from "../verification.json/route";

export const dynamic = "force-dynamic";

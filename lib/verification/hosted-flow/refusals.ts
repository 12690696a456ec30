// The hosted flow's refusals of a request (an upload too large, a frame too fast, a budget spent),
// in English as the checks decide and log them: the English catalogue's own sentences, so the
// route that answers the page finds each one's key and says it in the user's language
// (flow-messages.ts).
import en from "@/messages/en.json";

export const REFUSALS = en.refusal;

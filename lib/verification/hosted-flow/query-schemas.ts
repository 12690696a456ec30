// The hosted flow's URL parameters, parsed with the shared rules of lib/http/search-params.ts: a
// value that is not of its shape is ignored, so a tampered link shows the plain page.
import { z } from "zod";
import { singleParam } from "@/lib/http/search-params";

/** What the card-return route tells the flow page after a card check that did not pass. */
const cardNotices = ["card_pending", "card_rejected", "card_error"] as const;
export type CardNotice = (typeof cardNotices)[number];

/** /verify/session/[id]: `notice`, set only by the card-return route. */
export const flowPageQuerySchema = z.object({ notice: singleParam(z.enum(cardNotices)) });

/** Why a one-time link could not open a flow: the [reason] of /verify/link/[reason]. */
const linkProblemKinds = ["used", "invalid", "expired", "closed", "handoff", "moved"] as const;
export type LinkProblemKind = (typeof linkProblemKinds)[number];
export const linkProblemKindSchema = z.enum(linkProblemKinds);

/** /verify/link/[reason]: `ref`, the signed reference to the session (expired and closed links only). */
export const linkProblemQuerySchema = z.object({ ref: singleParam(z.string()) });

/** The card provider's return to /verify/session/[id]/card-return; a missing value is "" (never matches). */
export const cardReturnQuerySchema = z.object({
  state: singleParam(z.string()).transform((v) => v ?? ""),
  check_id: singleParam(z.string()).transform((v) => v ?? ""),
});

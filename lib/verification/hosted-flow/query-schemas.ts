// The hosted flow's URL parameters, parsed with the shared rules of lib/platform/http/search-params.ts: a
// value that is not of its shape is ignored, so a tampered link shows the plain page.
import { z } from "zod";
import { singleParam } from "@/lib/platform/http/search-params";

/** What the hosted-return route tells the flow page after a check on a provider's page that did not decide. */
const hostedNotices = ["check_pending", "check_rejected", "check_error"] as const;
export type HostedNotice = (typeof hostedNotices)[number];

/** /verify/session/[id]: `notice`, set only by the hosted-return route. */
export const flowPageQuerySchema = z.object({ notice: singleParam(z.enum(hostedNotices)) });

/** Why a one-time link could not open a flow: the [reason] of /verify/link/[reason]. */
const linkProblemKinds = ["used", "invalid", "expired", "closed", "handoff", "moved"] as const;
export type LinkProblemKind = (typeof linkProblemKinds)[number];
export const linkProblemKindSchema = z.enum(linkProblemKinds);

/** /verify/link/[reason]: `ref`, the signed reference to the session (expired and closed links only). */
export const linkProblemQuerySchema = z.object({ ref: singleParam(z.string()) });

/** A provider's return to /verify/session/[id]/hosted-return; a missing value is "". */
export const hostedReturnQuerySchema = z.object({
  state: singleParam(z.string()).transform((v) => v ?? ""),
  check_id: singleParam(z.string()).transform((v) => v ?? ""),
});

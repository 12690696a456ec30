import { notFound } from "next/navigation";
import { LinkProblem } from "@/components/verify/link-problem";
import { VerifyShell } from "@/components/verify/verify-shell";
import { env } from "@/lib/env";
import type { PageSearchParams } from "@/lib/http/search-params";
import { findSessionForLinkReference } from "@/lib/verification/hosted-flow/link-reference";
import { linkProblemKindSchema, linkProblemQuerySchema } from "@/lib/verification/hosted-flow/query-schemas";
import { appendSessionId, returnHost } from "@/lib/verification/hosted-flow/return-url";

export const dynamic = "force-dynamic";

/**
 * Where a one-time link that cannot open a flow ends up. Expired and already-finished links come
 * with a short-lived signed reference from the token route, so only a holder of that session's
 * link is offered the way back to the integrator.
 */
export default async function LinkProblemPage(props: {
  params: Promise<{ reason: string }>;
  searchParams: Promise<PageSearchParams>;
}) {
  const reason = linkProblemKindSchema.safeParse((await props.params).reason);
  if (!reason.success) notFound();
  const kind = reason.data;
  const { ref } = linkProblemQuerySchema.parse(await props.searchParams);
  const session = kind === "expired" || kind === "closed" ? await findSessionForLinkReference(ref) : null;
  return (
    <VerifyShell mode={session?.mode} requiredAge={session?.requiredAge}>
      <LinkProblem
        kind={kind}
        returnTo={session ? appendSessionId(session.returnUrl, session.id) : undefined}
        returnHost={session ? returnHost(session.returnUrl) : undefined}
        ttlMinutes={Math.round(env().SESSION_TTL_SECONDS / 60)}
      />
    </VerifyShell>
  );
}

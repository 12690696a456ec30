import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import { LinkProblem } from "@/components/verify/link-problem";
import { VerifyShell } from "@/components/verify/verify-shell";
import { env } from "@/lib/platform/env";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { loadBranding } from "@/lib/verification/hosted-flow/branding";
import { findSessionForLinkReference } from "@/lib/verification/hosted-flow/link-reference";
import { linkProblemKindSchema, linkProblemQuerySchema } from "@/lib/verification/hosted-flow/query-schemas";
import { appendSessionId, returnHost } from "@/lib/verification/hosted-flow/return-url";

export const dynamic = "force-dynamic";

/** Link kinds whose page may know the session (through the token route's signed reference). */
const KNOWS_SESSION = new Set(["expired", "closed", "used"]);

type Props = { params: Promise<{ reason: string }>; searchParams: Promise<PageSearchParams> };

const loadPage = cache(async (reason: string, ref: string | undefined) => {
  const kind = linkProblemKindSchema.safeParse(reason);
  if (!kind.success) return null;
  const session = KNOWS_SESSION.has(kind.data) ? await findSessionForLinkReference(ref) : null;
  const host = session ? returnHost(session.returnUrl) : "";
  const brand = session ? await loadBranding(session.orgId, host) : undefined;
  return { kind: kind.data, session, brand };
});

async function load(props: Props) {
  const { ref } = linkProblemQuerySchema.parse(await props.searchParams);
  return loadPage((await props.params).reason, ref);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await load(props);
  const t = await getTranslations("shell");
  return page?.brand ? { title: { absolute: t("titleWithBrand", { brand: page.brand.name }) } } : {};
}

/**
 * Where a one-time link that cannot open a flow ends up. Expired, already-finished and
 * already-used links come with a short-lived signed reference from the token route, so only a
 * holder of that session's link is shown whose it was and offered the way back to the integrator.
 */
export default async function LinkProblemPage(props: Props) {
  const page = await load(props);
  if (!page) notFound();
  const { kind, session, brand } = page;
  return (
    <VerifyShell brand={brand} mode={session?.mode} requiredAge={session?.requiredAge}>
      <LinkProblem
        kind={kind}
        returnTo={session ? appendSessionId(session.returnUrl, session.id) : undefined}
        returnLabel={brand?.name}
        ttlMinutes={Math.round(env().SESSION_TTL_SECONDS / 60)}
      />
    </VerifyShell>
  );
}

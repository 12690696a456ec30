import { withBoundSession } from "@/lib/edge/api/with-bound-session";
import { searchParamsRecord } from "@/lib/platform/http/search-params";
import { finishHostedCheck } from "@/lib/verification/hosted-flow/hosted-check";
import { hostedReturnQuerySchema, type HostedNotice } from "@/lib/verification/hosted-flow/query-schemas";
import { ProviderError } from "@/lib/verification/methods/types";
import { errorField, logger } from "@/lib/platform/log";

// Where a provider's page (a card check, Stripe Identity) sends the user back (a top-level GET, so
// the SameSite=Lax binding cookie comes along). The verdict is fetched from the provider, never
// read from this URL.
export const dynamic = "force-dynamic";

function to(location: string) {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

// A top-level navigation from the provider's site carries no Origin of ours: the binding cookie alone.
export const GET = withBoundSession(
  { sameOrigin: false, refuse: () => to("/verify/link/used") },
  async ({ req, session }) => {
    const flow = `/verify/session/${session.id}`;
    const query = hostedReturnQuerySchema.parse(searchParamsRecord(req.nextUrl.searchParams));
    const withNotice = (notice: HostedNotice) => to(`${flow}?notice=${notice}`);
    try {
      const outcome = await finishHostedCheck(session, { state: query.state, checkId: query.check_id });
      if (outcome.kind === "pending") return withNotice("check_pending");
      if (outcome.kind === "rejected") return withNotice("check_rejected");
      return to(flow);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      logger().error({ err: errorField(error) }, "hosted check provider error");
      return withNotice("check_error");
    }
  },
);

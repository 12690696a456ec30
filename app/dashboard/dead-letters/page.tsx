import type { Metadata } from "next";
import Link from "next/link";
import { DeadLetterQueue } from "@/components/dashboard/dead-letters/dead-letter-queue";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { countOpenDeadLetters, listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { pageHref } from "@/lib/platform/paging/page-href";
import { deadLettersQuerySchema } from "@/lib/edge/dashboard/schemas";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { listWebhookEndpoints } from "@/lib/verification/webhooks/list-webhook-endpoints";

export const metadata: Metadata = { title: "Dead letters" };

const PAGE = 50;

export default async function DeadLettersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { endpoint: endpointId, before } = deadLettersQuerySchema.parse(await searchParams);
  const user = await requireDashboardUser(pageHref("/dashboard/dead-letters", { endpoint: endpointId }));
  const [page, { data: endpoints }, total] = await Promise.all([
    listDeadLetters(user.orgId, { endpointId, limit: PAGE, before }),
    listWebhookEndpoints(user.orgId),
    countOpenDeadLetters(user.orgId, endpointId),
  ]);
  const endpoint = endpointId ? endpoints.find((e) => e.id === endpointId) : undefined;

  return (
    <>
      <PageHeader
        title="Dead letters"
        description="Deliveries that failed all 5 automatic attempts. Fix your receiver, then redeliver them: each is sent again with the same event id, signed afresh."
      />
      {endpointId ? (
        <p className="-mt-3 mb-4 text-sm text-slate-700">
          Showing dead letters for <span className="font-mono">{endpoint?.url ?? endpointId}</span>.{" "}
          <Link href="/dashboard/dead-letters" className="text-indigo-700 underline underline-offset-2">
            Show all
          </Link>
        </p>
      ) : null}
      <Card aria-labelledby="dlq-title">
        <h2 id="dlq-title" className="sr-only">
          Dead-letter queue
        </h2>
        {page.data.length === 0 ? (
          <EmptyState
            title={before ? "No older dead letters" : "The dead-letter queue is empty"}
            description={
              before
                ? undefined
                : "Every event reached its endpoints, or is still being retried. Deliveries land here after 5 failed attempts."
            }
            action={
              before ? (
                <ButtonLink href="/dashboard/dead-letters" size="sm" variant="secondary">
                  Back to the newest
                </ButtonLink>
              ) : (
                <ButtonLink href="/dashboard/deliveries" size="sm" variant="secondary">
                  See all deliveries
                </ButtonLink>
              )
            }
          />
        ) : (
          <>
            <DeadLetterQueue
              key={`${endpointId ?? ""}:${before ?? ""}:${page.data.map((d) => d.deliveryId).join(",")}`}
              rows={page.data}
              endpointId={endpointId}
              total={total}
            />
            {page.nextBefore ? (
              <Pager
                olderHref={pageHref("/dashboard/dead-letters", { endpoint: endpointId, before: page.nextBefore })}
              />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}

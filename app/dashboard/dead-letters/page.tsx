import type { Metadata } from "next";
import Link from "next/link";
import { DeadLetterQueue } from "@/components/dashboard/dead-letters/dead-letter-queue";
import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireDashboardUser } from "@/lib/users/current-user";
import { countOpenDeadLetters, listDeadLetters } from "@/lib/webhooks/dead-letters";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export const metadata: Metadata = { title: "Dead letters" };

const PAGE = 50;

export default async function DeadLettersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const endpointId = typeof params.endpoint === "string" && /^whe_[A-Za-z0-9]+$/.test(params.endpoint) ? params.endpoint : undefined;
  const before = typeof params.before === "string" && /^whd_[A-Za-z0-9]+$/.test(params.before) ? params.before : undefined;
  const user = await requireDashboardUser(`/dashboard/dead-letters${endpointId ? `?endpoint=${endpointId}` : ""}`);
  const [page, { data: endpoints }, total] = await Promise.all([
    listDeadLetters(user.orgId, { endpointId, limit: PAGE, before }),
    listWebhookEndpoints(user.orgId),
    countOpenDeadLetters(user.orgId, endpointId),
  ]);
  const endpoint = endpointId ? endpoints.find((e) => e.id === endpointId) : undefined;
  const last = page.data[page.data.length - 1];
  const olderHref = last
    ? `/dashboard/dead-letters?${new URLSearchParams({ ...(endpointId ? { endpoint: endpointId } : {}), before: last.deliveryId })}`
    : null;

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
            {page.hasMore && olderHref ? (
              <div className="flex justify-end border-t border-slate-200 px-4 py-3 sm:px-5">
                <ButtonLink href={olderHref} size="sm" variant="secondary">
                  Older →
                </ButtonLink>
              </div>
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { ModeBadge } from "@/components/dashboard/badges";
import { DeliveryList } from "@/components/dashboard/delivery-list";
import { PageHeader } from "@/components/dashboard/page-header";
import { DeleteEndpointButton } from "@/components/dashboard/webhooks/delete-endpoint-button";
import { SendTestEventButton } from "@/components/dashboard/webhooks/send-test-event-button";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { listDeliveries } from "@/lib/dashboard/deliveries";
import { getWebhookEndpoint } from "@/lib/dashboard/get-webhook-endpoint";
import { requireDashboardUser } from "@/lib/users/current-user";

export const metadata: Metadata = { title: "Webhook endpoint" };

const RECENT = 20;

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireDashboardUser(`/dashboard/webhooks/${encodeURIComponent(id)}`);
  const endpoint = await getWebhookEndpoint(user.orgId, id);
  if (!endpoint) notFound();
  const deliveries = await listDeliveries({ orgId: user.orgId, endpointId: endpoint.id, limit: RECENT });
  const dead = deliveries.filter((d) => d.status === "dead").length;

  return (
    <>
      <PageHeader
        back={
          <Link href="/dashboard/webhooks" className="text-indigo-700 underline-offset-2 hover:underline">
            ← All endpoints
          </Link>
        }
        title={<span className="font-mono text-lg break-all sm:text-xl">{endpoint.url}</span>}
        actions={<DeleteEndpointButton id={endpoint.id} url={endpoint.url} redirectTo="/dashboard/webhooks" />}
      />
      <div className="space-y-6">
        <Card aria-labelledby="endpoint-details-title">
          <CardHeader id="endpoint-details-title" title="Details" />
          <CardBody>
            <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <dt className="text-slate-600">Endpoint id</dt>
                <dd className="mt-0.5 font-mono text-xs break-all">{endpoint.id}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Mode</dt>
                <dd className="mt-0.5">
                  <ModeBadge mode={endpoint.mode} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Events</dt>
                <dd className="mt-0.5">
                  <ul className="text-xs">
                    {endpoint.events.map((e) => (
                      <li key={e}>
                        <code>{e}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Created</dt>
                <dd className="mt-0.5">
                  <DateTime value={endpoint.created_at} />
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>

        <Card aria-labelledby="test-event-title">
          <CardHeader
            id="test-event-title"
            title="Send a test event"
            description="One signed event about a made-up session, sent now, to check that your receiver answers and verifies signatures. It is not retried and not listed under deliveries."
          />
          <CardBody>
            <SendTestEventButton id={endpoint.id} mode={endpoint.mode} />
          </CardBody>
        </Card>

        {dead > 0 ? (
          <Alert tone="warning" title={`${dead} of these deliveries are in the dead-letter queue`}>
            <Link href={`/dashboard/dead-letters?endpoint=${endpoint.id}`} className="font-medium underline underline-offset-2">
              Redeliver them
            </Link>{" "}
            once your receiver is fixed.
          </Alert>
        ) : null}

        <Card aria-labelledby="recent-deliveries-title">
          <CardHeader
            id="recent-deliveries-title"
            title="Recent deliveries"
            description={`The last ${RECENT} events sent to this endpoint, with every attempt.`}
            actions={<AutoRefresh active={deliveries.some((d) => d.status === "pending")} />}
          />
          {deliveries.length === 0 ? (
            <EmptyState
              title="Nothing delivered yet"
              description={`Events of ${endpoint.mode}-mode sessions appear here as soon as a session passes, fails or expires.`}
            />
          ) : (
            <DeliveryList deliveries={deliveries} show="session" />
          )}
        </Card>
      </div>
    </>
  );
}

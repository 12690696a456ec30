import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { ModeBadge } from "@/components/dashboard/badges";
import { DeliveryList } from "@/components/dashboard/delivery-list";
import { EventTypeList } from "@/components/dashboard/event-type-list";
import { PageHeader } from "@/components/dashboard/page-header";
import { DeleteEndpointButton } from "@/components/dashboard/webhooks/delete-endpoint-button";
import { EndpointHealthDetails } from "@/components/dashboard/webhooks/endpoint-health";
import { SendTestEventButton } from "@/components/dashboard/webhooks/send-test-event-button";
import { Alert } from "@/components/ui/alert";
import { CardBody, TitledCard } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Detail, DetailList } from "@/components/ui/details";
import { EmptyState } from "@/components/ui/empty-state";
import { listDeliveries } from "@/lib/verification/webhooks/deliveries";
import { getEndpointHealth } from "@/lib/verification/webhooks/endpoint-health";
import { getWebhookEndpoint } from "@/lib/verification/webhooks/get-webhook-endpoint";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Webhook endpoint" };

const RECENT = 20;

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireDashboardUser(`/dashboard/webhooks/${encodeURIComponent(id)}`);
  const endpoint = await getWebhookEndpoint(user.orgId, id);
  if (!endpoint) notFound();
  const [deliveries, health] = await Promise.all([
    listDeliveries({ orgId: user.orgId, endpointId: endpoint.id, limit: RECENT }),
    getEndpointHealth(user.orgId, [endpoint.id]).then((all) => all.get(endpoint.id)!),
  ]);
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
        <TitledCard id="endpoint-details-title" title="Details">
          <CardBody>
            <DetailList layout="grid">
              <Detail layout="grid" label="Endpoint id" className="font-mono text-xs break-all">
                {endpoint.id}
              </Detail>
              <Detail layout="grid" label="Mode">
                <ModeBadge mode={endpoint.mode} />
              </Detail>
              <Detail layout="grid" label="Events">
                <EventTypeList events={endpoint.events} />
              </Detail>
              <Detail layout="grid" label="Created">
                <DateTime value={endpoint.created_at} />
              </Detail>
            </DetailList>
          </CardBody>
        </TitledCard>

        <TitledCard
          id="endpoint-health-title"
          title="Health"
          description="From every attempt to this endpoint, automatic and manual."
        >
          <CardBody>
            <EndpointHealthDetails health={health} />
          </CardBody>
        </TitledCard>

        <TitledCard
          id="test-event-title"
          title="Send a test event"
          description="One signed event about a made-up session, sent now, to check that your receiver answers and verifies signatures. It is not retried and not listed under deliveries."
        >
          <CardBody>
            <SendTestEventButton id={endpoint.id} mode={endpoint.mode} />
          </CardBody>
        </TitledCard>

        {dead > 0 ? (
          <Alert tone="warning" title={`${dead} of these deliveries are in the dead-letter queue`}>
            <Link
              href={`/dashboard/dead-letters?endpoint=${endpoint.id}`}
              className="font-medium underline underline-offset-2"
            >
              Redeliver them
            </Link>{" "}
            once your receiver is fixed.
          </Alert>
        ) : null}

        <TitledCard
          id="recent-deliveries-title"
          title="Recent deliveries"
          description={`The last ${RECENT} events sent to this endpoint, with every attempt.`}
          actions={<AutoRefresh active={deliveries.some((d) => d.status === "pending")} />}
        >
          {deliveries.length === 0 ? (
            <EmptyState
              title="Nothing delivered yet"
              description={`Events of ${endpoint.mode}-mode sessions appear here as soon as a session passes, fails or expires.`}
            />
          ) : (
            <DeliveryList deliveries={deliveries} show="session" />
          )}
        </TitledCard>
      </div>
    </>
  );
}

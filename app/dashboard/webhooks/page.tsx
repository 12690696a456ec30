import type { Metadata } from "next";
import Link from "next/link";
import { ModeBadge } from "@/components/dashboard/badges";
import { EventTypeList } from "@/components/dashboard/event-type-list";
import { PageHeader } from "@/components/dashboard/page-header";
import { TableCard } from "@/components/dashboard/table-card";
import { CreateEndpointForm } from "@/components/dashboard/webhooks/create-endpoint-form";
import { DeleteEndpointButton } from "@/components/dashboard/webhooks/delete-endpoint-button";
import { EndpointHealthBadge, successRate } from "@/components/dashboard/webhooks/endpoint-health";
import { CardBody, TitledCard } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Td, Tr } from "@/components/ui/table";
import { getEndpointHealth } from "@/lib/verification/webhooks/endpoint-health";
import { refusalOf } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { listWebhookEndpoints } from "@/lib/verification/webhooks/list-webhook-endpoints";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireDashboardUser("/dashboard/webhooks");
  const { data: endpoints } = await listWebhookEndpoints(user.orgId);
  const health = await getEndpointHealth(
    user.orgId,
    endpoints.map((endpoint) => endpoint.id),
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed events tell your backend when a session passes, fails or expires. Each endpoint receives the events of one mode only: test sessions or live sessions, as its badge says. Deliveries are retried up to 5 times; what still fails lands in the dead-letter queue."
      />
      <div className="space-y-6">
        <TableCard
          id="endpoints-title"
          title="Endpoints"
          description={`${endpoints.length} active`}
          label="Webhook endpoints"
          columns={[
            { label: "URL" },
            { label: "Health" },
            { label: "Events", className: "hidden md:table-cell" },
            { label: "Created", className: "hidden sm:table-cell" },
          ]}
          empty={
            endpoints.length === 0
              ? {
                  title: "No webhook endpoints yet",
                  description:
                    "Add one below to receive verification_session.completed and verification_session.expired events.",
                }
              : null
          }
        >
          {endpoints.map((endpoint) => (
            <Tr key={endpoint.id}>
              <Td>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/dashboard/webhooks/${endpoint.id}`}
                    className="font-mono text-xs break-all text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {endpoint.url}
                  </Link>
                  <ModeBadge mode={endpoint.mode} />
                </div>
                <span className="mt-0.5 block font-mono text-xs text-slate-500">{endpoint.id}</span>
                <span className="mt-0.5 block text-xs text-slate-600">
                  Receives {endpoint.mode} sessions&rsquo; events only
                </span>
              </Td>
              <Td>
                <EndpointHealthBadge health={health.get(endpoint.id)!} />
                <span className="mt-1 block text-xs text-slate-600">{successRate(health.get(endpoint.id)!)}</span>
              </Td>
              <Td className="hidden md:table-cell">
                <EventTypeList events={endpoint.events} className="space-y-0.5" />
              </Td>
              <Td className="hidden text-xs whitespace-nowrap sm:table-cell">
                <DateTime value={endpoint.created_at} />
              </Td>
              <Td className="text-right">
                <DeleteEndpointButton id={endpoint.id} url={endpoint.url} />
              </Td>
            </Tr>
          ))}
        </TableCard>

        <TitledCard
          id="add-endpoint-title"
          title="Add an endpoint"
          description="Verify each delivery's Service-Signature with the secret shown after you add it."
        >
          <CardBody>
            <CreateEndpointForm liveRefusal={refusalOf(user.role, "webhooks.live.reveal")} />
          </CardBody>
        </TitledCard>
      </div>
    </>
  );
}

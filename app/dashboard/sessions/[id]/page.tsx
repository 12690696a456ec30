import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { ModeBadge, SessionStatusBadge } from "@/components/dashboard/badges";
import { DeliveryList } from "@/components/dashboard/delivery-list";
import { PageHeader } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, TitledCard } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Detail, DetailList } from "@/components/ui/details";
import { EmptyState } from "@/components/ui/empty-state";
import { getSessionDetail } from "@/lib/verification/dashboard/get-session-detail";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Session ${(await params).id}` };
}

const METHOD_LABELS: Record<string, string> = {
  face_estimation: "Face age estimation",
  id_document: "ID document",
  credit_card: "Credit card",
  digital_id: "Digital ID",
};

const DOCUMENT_LABELS: Record<string, string> = {
  passport: "Passport",
  id_card: "Identity card",
  driving_licence: "Driving licence",
};

export default async function SessionDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireDashboardUser(`/dashboard/sessions/${encodeURIComponent(id)}`);
  const detail = await getSessionDetail(user.orgId, id);
  if (!detail) notFound();
  const { session, events, document } = detail;
  const terminal = session.status === "passed" || session.status === "failed" || session.status === "expired";
  const deliveriesInFlight = events.some((e) => e.deliveries.some((d) => d.status === "pending"));
  const metadata = Object.entries(session.metadata);

  return (
    <>
      <PageHeader
        back={
          <Link href="/dashboard/sessions" className="text-indigo-700 underline-offset-2 hover:underline">
            ← All sessions
          </Link>
        }
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-xl">{session.id}</span>
            <SessionStatusBadge status={session.status} />
            <ModeBadge mode={session.mode} />
          </span>
        }
        actions={<AutoRefresh active={!terminal || deliveriesInFlight} />}
      />

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <TitledCard id="outcome-title" title="Outcome">
          <CardBody>
            {session.outcome ? (
              <DetailList>
                <Detail label="Result">
                  <Badge tone={session.outcome.result === "pass" ? "success" : "danger"}>
                    {session.outcome.result}
                  </Badge>
                </Detail>
                <Detail label="Method">{METHOD_LABELS[session.outcome.method] ?? session.outcome.method}</Detail>
                <Detail label="Confidence">{session.outcome.confidence}</Detail>
                {document ? (
                  // Only the kind of document and who issued it are kept (docs/id-document.md).
                  <Detail label="Document">
                    {DOCUMENT_LABELS[document.type] ?? document.type}, issued by {document.issuingCountry}
                  </Detail>
                ) : null}
                <Detail label="Completed">
                  <DateTime value={session.outcome.completed_at} withSeconds />
                </Detail>
              </DetailList>
            ) : (
              <p className="text-sm text-slate-600">
                {session.status === "expired"
                  ? "The session expired before the user finished; there is no outcome."
                  : "No outcome yet. It appears here when the user finishes the hosted check."}
              </p>
            )}
          </CardBody>
        </TitledCard>

        <TitledCard id="details-title" title="Details">
          <CardBody>
            <DetailList>
              <Detail label="Required age">{session.required_age}+</Detail>
              <Detail label="Methods, in order">
                <ol className="list-inside list-decimal">
                  {session.methods.map((m) => (
                    <li key={m}>{METHOD_LABELS[m] ?? m}</li>
                  ))}
                </ol>
              </Detail>
              <Detail label="Attempts">{session.attempts}</Detail>
              <Detail label="Created">
                <DateTime value={session.created_at} withSeconds />
              </Detail>
              <Detail label="Expires">
                <DateTime value={session.expires_at} withSeconds />
              </Detail>
              <Detail label="Return URL">
                <span className="font-mono text-xs">{session.return_url}</span>
              </Detail>
            </DetailList>
          </CardBody>
        </TitledCard>

        <TitledCard
          id="metadata-title"
          title="Metadata"
          description="Key/value pairs your backend attached at creation."
        >
          {metadata.length === 0 ? (
            <CardBody>
              <p className="text-sm text-slate-600">No metadata was attached to this session.</p>
            </CardBody>
          ) : (
            <CardBody>
              <DetailList>
                {metadata.map(([key, value]) => (
                  <Detail key={key} label={key}>
                    <span className="font-mono text-xs">{value}</span>
                  </Detail>
                ))}
              </DetailList>
            </CardBody>
          )}
        </TitledCard>

        <TitledCard
          id="json-title"
          title="API response"
          description={
            <>
              What <code>GET /v1/verification-sessions/{session.id}</code> returns.
            </>
          }
          actions={<CopyButton value={JSON.stringify(session, null, 2)} label="Copy JSON" />}
        >
          <CardBody>
            <pre className="max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
              {JSON.stringify(session, null, 2)}
            </pre>
          </CardBody>
        </TitledCard>
      </div>

      <Card aria-labelledby="events-title" className="mt-6">
        <CardHeader
          id="events-title"
          title="Events and webhook deliveries"
          description="Each event is delivered to every endpoint of this mode that subscribes to it."
        />
        {events.length === 0 ? (
          <EmptyState
            title="No events yet"
            description="An event is announced when the session passes, fails or expires."
          />
        ) : (
          <ul className="divide-y divide-slate-200">
            {events.map((event) => (
              <li key={event.id}>
                <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2 sm:px-5">
                  <code className="text-sm font-medium">{event.type}</code>
                  <span className="text-xs text-slate-600">
                    <DateTime value={event.createdAt} withSeconds />
                  </span>
                </div>
                {event.deliveries.length === 0 ? (
                  <p className="px-4 py-3 text-sm text-slate-600 sm:px-5">
                    No deliveries: no {session.mode}-mode endpoint subscribed to this event when it happened.{" "}
                    <Link href="/dashboard/webhooks" className="text-indigo-700 underline underline-offset-2">
                      Manage endpoints
                    </Link>
                  </p>
                ) : (
                  <DeliveryList deliveries={event.deliveries} show="endpoint" />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

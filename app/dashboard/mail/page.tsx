import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { TableCard } from "@/components/dashboard/table-card";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { Td, Tr } from "@/components/ui/table";
import { listOrganizationMail, MAIL_LOG_LIMIT } from "@/lib/platform/mail/list-mail-log";
import { can, PERMISSIONS } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Mail" };

export default async function MailPage() {
  const user = await requireDashboardUser("/dashboard/mail");
  const allowed = can(user.role, "mail.view");
  const mail = allowed ? await listOrganizationMail(user.orgId) : [];
  const failed = mail.filter((m) => m.status === "failed").length;
  return (
    <>
      <PageHeader
        title="Mail"
        description={`What happened to the last ${MAIL_LOG_LIMIT} messages sent for ${user.orgName} and to its members: invitations, password resets, address confirmations. Only the status, recipient, subject and error code are kept, never the message or its links.`}
      />
      {!allowed ? (
        <Alert tone="info">{PERMISSIONS["mail.view"].refusal}</Alert>
      ) : (
        <TableCard
          id="mail-title"
          title="Recent mail"
          description={
            failed
              ? `${failed} of ${mail.length} failed. A failed invitation can be sent again from Members; a member whose reset mail failed can ask again once your mail relay is fixed.`
              : `${mail.length} ${mail.length === 1 ? "message" : "messages"}, none failed.`
          }
          label="Recent mail"
          columns={[
            { label: "Status" },
            { label: "To" },
            { label: "Subject", className: "hidden md:table-cell" },
            { label: "Error code", className: "hidden sm:table-cell" },
            { label: "When", className: "hidden lg:table-cell" },
          ]}
          empty={
            mail.length === 0
              ? { title: "No mail yet", description: "Invitations and account mail appear here, newest first." }
              : null
          }
        >
          {mail.map((message) => (
            <Tr key={message.id} data-testid="mail-row">
              <Td>
                {message.status === "failed" ? <Badge tone="danger">Failed</Badge> : <Badge tone="success">Sent</Badge>}
              </Td>
              <Td className="break-all">
                {message.to}
                <span className="mt-1 block text-xs text-slate-500 md:hidden">{message.subject}</span>
                {message.errorCode ? (
                  <span className="mt-1 block font-mono text-xs text-red-700 sm:hidden">{message.errorCode}</span>
                ) : null}
              </Td>
              <Td className="hidden md:table-cell">{message.subject}</Td>
              <Td className="hidden font-mono text-xs sm:table-cell">{message.errorCode ?? "—"}</Td>
              <Td className="hidden whitespace-nowrap lg:table-cell">
                <DateTime value={message.createdAt} />
              </Td>
              <Td />
            </Tr>
          ))}
        </TableCard>
      )}
    </>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OutboxMessageList } from "@/components/dashboard/outbox-message-list";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { listOutboxMessages, mailOutboxEnabled } from "@/lib/platform/mail/list-outbox-messages";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Dev outbox" };

export default async function OutboxPage() {
  const user = await requireDashboardUser("/dashboard/outbox");
  if (!mailOutboxEnabled()) notFound();
  const { messages, onlyOwn } = await listOutboxMessages(user.email);

  return (
    <>
      <PageHeader
        title="Dev outbox"
        description={
          onlyOwn
            ? `No SMTP_URL is set, so mail is kept here instead of sent. You see the mail addressed to ${user.email}.`
            : "No SMTP_URL is set, so mail is kept here (and printed to the console) instead of sent. Set SMTP_URL to send it."
        }
      />
      <Card aria-labelledby="outbox-title">
        <h2 id="outbox-title" className="sr-only">
          Messages
        </h2>
        {messages.length === 0 ? (
          <EmptyState
            title="No mail yet"
            description="Password-reset and invitation mail appears here, newest first."
          />
        ) : (
          <OutboxMessageList messages={messages} />
        )}
      </Card>
    </>
  );
}

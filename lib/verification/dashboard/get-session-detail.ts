import "server-only";
import { db } from "@/lib/platform/db";
import { listDeliveries } from "@/lib/verification/webhooks/deliveries";
import { VerificationApiError } from "@/lib/verification/errors";
import { getSessionOrThrow } from "@/lib/verification/get-session-or-throw";
import { serializeSession } from "@/lib/verification/serialize-session";

/** A session of the organisation as the API returns it, with its events and their deliveries; null if not the org's. */
export async function getSessionDetail(orgId: string, sessionId: string) {
  let row;
  try {
    row = await getSessionOrThrow(orgId, sessionId);
  } catch (error) {
    if (error instanceof VerificationApiError && error.code === "resource_missing") return null;
    throw error;
  }
  const [events, deliveries, document] = await Promise.all([
    db.event.findMany({
      where: { orgId, sessionId },
      orderBy: { createdAt: "asc" },
      select: { id: true, type: true, createdAt: true },
    }),
    listDeliveries({ orgId, sessionId, limit: 100 }),
    // Not in the API's answer (the hot read above): the dashboard's alone.
    db.verificationSession.findFirst({
      where: { id: sessionId, orgId },
      select: { outcomeDocumentType: true, outcomeDocumentCountry: true },
    }),
  ]);
  return {
    session: serializeSession(row),
    startedAt: row.startedAt,
    /** id_document's outcome: the kind of document and its issuing country (nothing else read is kept). */
    document:
      document?.outcomeDocumentType && document.outcomeDocumentCountry
        ? { type: document.outcomeDocumentType, issuingCountry: document.outcomeDocumentCountry }
        : null,
    events: events.map((e) => ({ ...e, deliveries: deliveries.filter((d) => d.eventType === e.type) })),
  };
}

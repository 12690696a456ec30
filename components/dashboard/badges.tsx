import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { describeDeliveryFailure } from "@/lib/verification/webhooks/describe-delivery-failure";

export function ModeBadge({ mode }: { mode: KeyMode }) {
  return <Badge tone={mode === "live" ? "accent" : "warning"}>{mode === "live" ? "Live" : "Test"}</Badge>;
}

const SESSION_TONES: Record<string, BadgeTone> = {
  created: "info",
  in_progress: "accent",
  passed: "success",
  failed: "danger",
  expired: "neutral",
};

export const SESSION_STATUS_LABELS: Record<string, string> = {
  created: "Created",
  in_progress: "In progress",
  passed: "Passed",
  failed: "Failed",
  expired: "Expired",
};

export function SessionStatusBadge({ status }: { status: string }) {
  return <Badge tone={SESSION_TONES[status] ?? "neutral"}>{SESSION_STATUS_LABELS[status] ?? status}</Badge>;
}

const DELIVERY_TONES: Record<string, BadgeTone> = {
  pending: "info",
  succeeded: "success",
  dead: "danger",
  cancelled: "neutral",
};
const DELIVERY_LABELS: Record<string, string> = {
  pending: "Retrying",
  succeeded: "Delivered",
  dead: "Dead letter",
  cancelled: "Cancelled: endpoint deleted",
};

export function DeliveryStatusBadge({ status }: { status: string }) {
  return <Badge tone={DELIVERY_TONES[status] ?? "neutral"}>{DELIVERY_LABELS[status] ?? status}</Badge>;
}

/** What an attempt's error adds to its status code ("HTTP 302: redirects are not followed" -> the reason). */
function errorDetail(statusCode: number | null, error: string | null): string | null {
  if (!error) return null;
  if (!statusCode) return error;
  const rest = error.replace(new RegExp(`^HTTP ${statusCode}:?\\s*`), "");
  return rest || null;
}

/** A failed attempt in a few words: the status code and why, or the network failure in plain words. */
export function describeFailure(statusCode: number | null, error: string | null): string {
  const detail = errorDetail(statusCode, error);
  if (statusCode) return detail ? `HTTP ${statusCode} · ${detail}` : `HTTP ${statusCode}`;
  return describeDeliveryFailure(null, error);
}

/** One delivery attempt's outcome: the HTTP status, or the network error. */
export function AttemptResult({
  success,
  statusCode,
  error,
}: {
  success: boolean;
  statusCode: number | null;
  error: string | null;
}) {
  const detail = errorDetail(statusCode, error);
  // A network failure reads as what it means ("Certificate not trusted"); the code it came from
  // ("tls: SELF_SIGNED_CERT_IN_CHAIN") is one click away for whoever debugs the receiver.
  const plain = !statusCode && error ? describeDeliveryFailure(null, error) : detail;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={success ? "success" : "danger"}>{statusCode ? `HTTP ${statusCode}` : "No response"}</Badge>
      {plain ? <span className="text-xs text-red-800 break-words">{plain}</span> : null}
      {!statusCode && error ? (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer text-indigo-700">Raw detail</summary>
          <code className="font-mono break-all">{error}</code>
        </details>
      ) : null}
    </span>
  );
}

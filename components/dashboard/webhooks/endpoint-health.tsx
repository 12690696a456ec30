import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { Detail, DetailList } from "@/components/ui/details";
import type { EndpointHealth } from "@/lib/verification/webhooks/endpoint-health";
import { endpointHealthState } from "@/lib/verification/webhooks/endpoint-health-state";
import { describeDeliveryFailure } from "@/lib/verification/webhooks/describe-delivery-failure";

/** Failing, healthy, degraded, or idle, from the last 24 hours' attempts. */
export function EndpointHealthBadge({ health }: { health: EndpointHealth }) {
  switch (endpointHealthState(health)) {
    case "failing":
      return <Badge tone="danger">Failing</Badge>;
    case "idle":
      return <Badge tone="neutral">No attempts in 24 h</Badge>;
    case "healthy":
      return <Badge tone="success">Healthy</Badge>;
    case "degraded":
      return <Badge tone="warning">Some failures</Badge>;
  }
}

/** "97% of 31 attempts in the last 24 h", or that there were none. */
export function successRate(health: EndpointHealth): string {
  if (health.attempts === 0) return "No attempts in the last 24 h";
  return `${Math.round((health.successes / health.attempts) * 100)}% of ${health.attempts} attempt${health.attempts === 1 ? "" : "s"} succeeded in the last 24 h`;
}

/** An endpoint's health in full: rate, last success, last failure in words with its raw detail on demand. */
export function EndpointHealthDetails({ health }: { health: EndpointHealth }) {
  const failure = health.lastFailure;
  return (
    <DetailList>
      <Detail label="Status">
        <span className="inline-flex flex-wrap items-center gap-2">
          <EndpointHealthBadge health={health} />
          <span>{successRate(health)}</span>
        </span>
      </Detail>
      <Detail label="Last success">
        {health.lastSuccessAt ? <DateTime value={health.lastSuccessAt} /> : "None in the last 7 days"}
      </Detail>
      <Detail label="Last failure">
        {failure ? (
          <div className="space-y-1">
            <p>
              <strong className="font-medium">{describeDeliveryFailure(failure.statusCode, failure.error)}</strong> ·{" "}
              <DateTime value={failure.at} />
            </p>
            <details className="text-xs text-slate-600">
              <summary className="cursor-pointer text-indigo-700">Raw detail</summary>
              <code className="mt-1 block font-mono break-all">
                {failure.error ?? (failure.statusCode ? `HTTP ${failure.statusCode}` : "no detail recorded")}
              </code>
            </details>
          </div>
        ) : (
          "None in the last 7 days"
        )}
      </Detail>
      <Detail label="Retrying">
        {health.retrying === 0
          ? "Nothing waiting for a retry"
          : `${health.retrying} deliver${health.retrying === 1 ? "y" : "ies"} waiting for the next attempt`}
      </Detail>
    </DetailList>
  );
}

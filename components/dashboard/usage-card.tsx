"use client";

import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore, type ReactNode } from "react";
import { getUsageAction } from "@/lib/edge/actions/dashboard-actions";
import { CardBody, TitledCard } from "@/components/ui/card";

type Usage = Awaited<ReturnType<typeof getUsageAction>>;

// A clock for the countdown: the server render and hydration show none, the browser ticks.
function subscribeToClock(onTick: () => void) {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000);

function useSecondsUntil(when: Date) {
  const nowSeconds = useSyncExternalStore(subscribeToClock, currentSecond, () => null);
  return nowSeconds === null ? null : Math.max(0, Math.ceil(when.getTime() / 1000 - nowSeconds));
}

/** Requests counted in the current one-minute window, per mode; refreshes itself. */
export function UsageCard({ initial }: { initial: Usage }) {
  const { data, isError } = useQuery({
    queryKey: ["usage"],
    queryFn: () => getUsageAction(),
    initialData: initial,
    refetchInterval: 5_000,
  });
  const usage = data ?? initial;
  const seconds = useSecondsUntil(new Date(usage.resetAt));
  const pct = (n: number) => `${Math.min(100, (n / usage.limit) * 100)}%`;
  const remaining = Math.max(0, usage.limit - usage.total);

  return (
    <TitledCard
      id="usage-title"
      title="API usage this minute"
      description={`Rate limit: ${usage.limit} requests per minute for the organisation, shared by test and live keys.`}
    >
      <CardBody>
        <p className="text-3xl font-semibold tabular-nums text-slate-900">
          {usage.total} <span className="text-base font-normal text-slate-600">of {usage.limit} requests used</span>
        </p>
        <div
          className="mt-3 flex h-3 overflow-hidden rounded-full bg-slate-100"
          role="img"
          aria-label={`${usage.test} test and ${usage.live} live requests of ${usage.limit}`}
        >
          <div className="bg-amber-400" style={{ width: pct(usage.test) }} />
          <div className="bg-indigo-600" style={{ width: pct(usage.live) }} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Test mode" dot="bg-amber-400" value={usage.test} testId="usage-test" />
          <Stat label="Live mode" dot="bg-indigo-600" value={usage.live} testId="usage-live" />
          <Stat label="Remaining" value={remaining} />
          <Stat label="Window resets in" value={seconds === null ? "—" : `${seconds}s`} />
        </dl>
        {isError ? (
          <p className="mt-3 text-xs text-red-700">Could not refresh usage; showing the last known numbers.</p>
        ) : null}
      </CardBody>
    </TitledCard>
  );
}

/** One figure under the usage bar; `dot` is the colour of its part of the bar, if it has one. */
function Stat({ label, value, dot, testId }: { label: string; value: ReactNode; dot?: string; testId?: string }) {
  return (
    <div>
      <dt className={dot ? "flex items-center gap-1.5 text-xs text-slate-600" : "text-xs text-slate-600"}>
        {dot ? <span className={`size-2 rounded-full ${dot}`} aria-hidden="true" /> : null}
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { getUsageAction } from "@/app/dashboard/actions";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

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
    <Card aria-labelledby="usage-title">
      <CardHeader
        id="usage-title"
        title="API usage this minute"
        description={`Rate limit: ${usage.limit} requests per minute for the organisation, shared by test and live keys.`}
      />
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
          <div>
            <dt className="flex items-center gap-1.5 text-xs text-slate-600">
              <span className="size-2 rounded-full bg-amber-400" aria-hidden="true" /> Test mode
            </dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="usage-test">{usage.test}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-xs text-slate-600">
              <span className="size-2 rounded-full bg-indigo-600" aria-hidden="true" /> Live mode
            </dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="usage-live">{usage.live}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Remaining</dt>
            <dd className="text-lg font-semibold tabular-nums">{remaining}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Window resets in</dt>
            <dd className="text-lg font-semibold tabular-nums">{seconds === null ? "—" : `${seconds}s`}</dd>
          </div>
        </dl>
        {isError ? <p className="mt-3 text-xs text-red-700">Could not refresh usage; showing the last known numbers.</p> : null}
      </CardBody>
    </Card>
  );
}

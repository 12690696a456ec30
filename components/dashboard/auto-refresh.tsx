"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

/**
 * Re-renders the server page every few seconds while `active` (e.g. deliveries still being
 * retried), so results appear without a reload. The reader can pause it.
 */
export function AutoRefresh({
  active,
  intervalMs = 3000,
  label = "Updating live",
}: {
  active: boolean;
  intervalMs?: number;
  label?: string;
}) {
  const router = useRouter();
  const [paused, setPaused] = useState(false);
  const [refreshing, startTransition] = useTransition();

  useEffect(() => {
    if (!active || paused) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") startTransition(() => router.refresh());
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, paused, intervalMs, router]);

  return (
    <div className="flex items-center gap-2 text-xs text-slate-600">
      {active && !paused ? (
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
          {label}
        </span>
      ) : null}
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => setPaused((p) => !p)}>
          {paused ? "Resume updates" : "Pause updates"}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        pending={refreshing}
        onClick={() => startTransition(() => router.refresh())}
      >
        Refresh
      </Button>
    </div>
  );
}

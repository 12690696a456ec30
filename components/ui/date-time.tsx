"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

function format(date: Date, timeZone?: string, withSeconds?: boolean) {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: withSeconds ? "2-digit" : undefined,
    timeZone,
    timeZoneName: timeZone ? "short" : undefined,
  }).format(date);
}

/**
 * A timestamp in the reader's time zone. The server renders UTC (it cannot know the zone);
 * after hydration the browser switches to local time without a hydration mismatch.
 */
export function DateTime({
  value,
  withSeconds = false,
  className,
}: {
  value: string | Date | null | undefined;
  withSeconds?: boolean;
  className?: string;
}) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!value) return <span className={className}>—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()} className={className}>
      {isClient ? format(date, undefined, withSeconds) : format(date, "UTC", withSeconds)}
    </time>
  );
}

import { cx } from "@/components/ui/cx";

/** The event types a webhook endpoint subscribes to, one per line. */
export function EventTypeList({ events, className }: { events: readonly string[]; className?: string }) {
  return (
    <ul className={cx("text-xs", className)}>
      {events.map((event) => (
        <li key={event}>
          <code>{event}</code>
        </li>
      ))}
    </ul>
  );
}

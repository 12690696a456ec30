import "server-only";
import pg from "pg";
import { env } from "@/lib/platform/env";

/**
 * A dedicated connection LISTENing on a channel (the job runners' wake-up call); reconnects
 * two seconds after an error. Losing it only costs latency: the listeners also poll.
 */
export function listenForNotifications(channel: string, onNotify: () => void): { close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: env().DATABASE_URL });
    client = next;
    const reconnect = () => {
      if (client !== next || closed) return;
      client = null;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), 2000);
    };
    next.on("notification", onNotify);
    next.on("error", reconnect);
    next.on("end", reconnect);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      reconnect();
    }
  };
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

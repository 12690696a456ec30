import "server-only";
import net from "node:net";
import pg from "pg";
import { env } from "@/lib/env";

export type ListenOptions = {
  /** Called once LISTEN is in effect (again, after a reconnect): from then on nothing is missed. */
  onListening?: () => void;
  /** Called when the connection is lost: notifications sent until the next onListening are missed. */
  onLost?: () => void;
  /**
   * Let the process exit while listening (a cache's listener must not keep a script or a test
   * worker alive; the job runner's is closed by its owner).
   */
  unref?: boolean;
};

/**
 * A dedicated connection LISTENing on a channel (the job runners' wake-up call, API key
 * changes); reconnects two seconds after an error. Each notification's payload is passed on.
 */
export function listenForNotifications(
  channel: string,
  onNotify: (payload: string | undefined) => void,
  options: ListenOptions = {},
): { close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: env().DATABASE_URL,
      ...(options.unref ? { stream: () => new net.Socket().unref() } : {}),
    });
    client = next;
    let lost = false;
    const reconnect = () => {
      if (client !== next || closed) return;
      client = null;
      if (!lost) {
        lost = true;
        options.onLost?.();
      }
      next.end().catch(() => undefined);
      retry = setTimeout(connect, 2000);
      if (options.unref) retry.unref();
    };
    next.on("notification", (message) => onNotify(message.payload));
    next.on("error", reconnect);
    next.on("end", reconnect);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) options.onListening?.();
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

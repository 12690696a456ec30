// A real HTTPS webhook receiver on loopback, with a certificate from the test CA (which the
// app under test trusts through NODE_EXTRA_CA_CERTS). It checks every signature itself, with
// its own HMAC code, so the tests do not trust the sender's signing code to check itself.
import { createHmac, timingSafeEqual } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { ensureTestCertificates } from "./test-ca";

export type ReceivedDelivery = {
  path: string;
  receivedAt: number;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: any;
  signature: { t: number; v1: string } | null;
  /** Whether v1 matches HMAC-SHA256(secret, `${t}.${rawBody}`) for the path's secret. */
  signatureValid: boolean | null;
  /** "pending" while a promised answer has not settled yet. */
  respondedWith: number | "hang" | "pending";
};

/**
 * What to answer the n-th (1-based) request on a path (its parsed body given): a status, "hang",
 * or a promise of a status (the request is recorded at once and answered when it settles).
 */
type Behaviour = (n: number, body: any) => number | "hang" | Promise<number>;

export type Receiver = {
  origin: string;
  url: (path: string) => string;
  /**
   * Sets how a path answers, the secret its signatures are checked with, and optionally the
   * exact bytes of its response body (default "ok" for 2xx, "receiver says <status>" otherwise).
   */
  route: (path: string, options: { behaviour?: Behaviour; secret?: string; responseBody?: string | Buffer }) => void;
  /** What arrived so far (on one path, if given); wait for more with vi.waitFor or expect.poll. */
  deliveries: (path?: string) => ReceivedDelivery[];
  /** What arrived, as [path, answer] pairs: a failure message for a wait that ran out. */
  summary: () => string;
  close: () => Promise<void>;
};

export type ReceiverOptions = {
  /**
   * Checks each delivery as it arrives (e.g. against the OpenAPI document's webhooks); what it
   * throws is re-thrown by deliveries(), so the test reading them fails.
   */
  checkDelivery?: (delivery: ReceivedDelivery) => void;
};

export async function startReceiver(host = "127.0.0.1", options: ReceiverOptions = {}): Promise<Receiver> {
  const { cert, key } = ensureTestCertificates();
  const routes = new Map<string, { behaviour: Behaviour; secret?: string; responseBody?: string | Buffer }>();
  const received: ReceivedDelivery[] = [];
  const hanging = new Set<import("node:http").ServerResponse>();
  const checkFailures: Error[] = [];
  const throwCheckFailures = () => {
    if (checkFailures.length > 0) throw checkFailures[0];
  };

  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const route = routes.get(path) ?? { behaviour: () => 200 };
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const n = received.filter((d) => d.path === path).length + 1;
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = null;
      }
      const answer = route.behaviour(n, body);
      const header = String(req.headers["service-signature"] ?? "");
      const match = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header);
      let signatureValid: boolean | null = null;
      if (route.secret && match) {
        const expected = createHmac("sha256", route.secret).update(`${match[1]}.${rawBody}`).digest();
        const given = Buffer.from(match[2], "hex");
        signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
      } else if (route.secret) {
        signatureValid = false;
      }
      const delivery: ReceivedDelivery = {
        path,
        receivedAt: Date.now(),
        headers: req.headers,
        rawBody,
        body,
        signature: match ? { t: Number(match[1]), v1: match[2] } : null,
        signatureValid,
        respondedWith: answer instanceof Promise ? "pending" : answer,
      };
      received.push(delivery);
      try {
        options.checkDelivery?.(delivery);
      } catch (error) {
        checkFailures.push(error as Error);
      }
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      const respond = (status: number) => {
        delivery.respondedWith = status;
        res.writeHead(status, { "content-type": "text/plain" });
        res.end(route.responseBody ?? (status >= 200 && status < 300 ? "ok" : `receiver says ${status}`));
      };
      if (answer instanceof Promise) {
        hanging.add(res);
        void answer.then((status) => {
          hanging.delete(res);
          if (!res.destroyed) respond(status);
        });
      } else respond(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${host === "127.0.0.1" ? "127.0.0.1" : host}:${port}`;

  return {
    origin,
    url: (path) => `${origin}${path}`,
    route: (path, options) =>
      routes.set(path, {
        behaviour: options.behaviour ?? (() => 200),
        secret: options.secret,
        responseBody: options.responseBody,
      }),
    deliveries: (path) => {
      throwCheckFailures();
      return received.filter((d) => path === undefined || d.path === path);
    },
    summary: () => JSON.stringify(received.map((d) => [d.path, d.respondedWith])),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

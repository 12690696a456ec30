import https from "node:https";
import net, { type AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebhook } from "@/lib/verification/webhooks/send-webhook";
import { ensureTestCertificates } from "../../../tests/support/test-ca";

// A real HTTPS server on loopback with a certificate from the test CA, which this test
// process trusts through NODE_EXTRA_CA_CERTS (tests/support/global-setup.ts).
type Handler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
let handler: Handler = (_req, res) => res.end("ok");
const hits: { url: string; body: string; headers: Record<string, unknown> }[] = [];
let server: https.Server;
let origin: string;

beforeAll(async () => {
  const { cert, key } = ensureTestCertificates();
  server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      handler(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const send = (url: string, options: { timeoutMs?: number; allowPrivate?: boolean } = {}) =>
  sendWebhook({
    url,
    body: '{"id":"evt_1"}',
    headers: { "Content-Type": "application/json", "Service-Signature": "t=1,v1=ab", "Service-Event": "x" },
    timeoutMs: options.timeoutMs ?? 5000,
    allowPrivate: options.allowPrivate ?? true,
  });

describe("sendWebhook", () => {
  it("succeeds on any 2xx and sends the body and headers as given", async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    hits.length = 0;
    const result = await send(`${origin}/a?x=1`);
    expect(result).toMatchObject({ success: true, statusCode: 204, error: null });
    expect(hits).toEqual([
      expect.objectContaining({
        url: "/a?x=1",
        body: '{"id":"evt_1"}',
        headers: expect.objectContaining({
          "content-type": "application/json",
          "service-signature": "t=1,v1=ab",
          "service-event": "x",
        }),
      }),
    ]);
  });

  it("does not follow redirects: a 3xx is a failure and the target is never called", async () => {
    handler = (req, res) => {
      if (req.url === "/redirect") {
        res.writeHead(307, { location: `${origin}/target` });
        return res.end();
      }
      res.end("ok");
    };
    hits.length = 0;
    const result = await send(`${origin}/redirect`);
    expect(result.success).toBe(false);
    expect(result.statusCode).toBe(307);
    expect(result.error).toMatch(/redirect/);
    expect(hits.map((h) => h.url)).toEqual(["/redirect"]);
  });

  it("fails on 4xx/5xx and keeps only the first 1 KB of the response body", async () => {
    handler = (_req, res) => {
      res.writeHead(500);
      res.end("x".repeat(5000));
    };
    const result = await send(`${origin}/big`);
    expect(result).toMatchObject({ success: false, statusCode: 500, error: "HTTP 500" });
    expect(result.responseExcerpt).toBe("x".repeat(1024));
  });

  it("times out a receiver that does not answer in time", async () => {
    handler = () => {}; // never answers
    const result = await send(`${origin}/hang`, { timeoutMs: 700 });
    expect(result).toMatchObject({ success: false, statusCode: null, error: "timeout: no response within 700 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(690);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("does not wait for a slow body once a 2xx status has arrived", async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write("partial");
    };
    const result = await send(`${origin}/stream`, { timeoutMs: 5000 });
    expect(result).toMatchObject({ success: true, statusCode: 200, responseExcerpt: "partial" });
    expect(result.durationMs).toBeLessThan(2500);
  });

  it("reuses connections, and resends once on a fresh one when a pooled connection turns out closed", async () => {
    const served = new WeakSet<object>();
    const sockets = new Set<object>();
    handler = (req, res) => {
      sockets.add(req.socket);
      if (req.url === "/drop-reused" && served.has(req.socket)) return req.socket.destroy();
      served.add(req.socket);
      res.end("ok");
    };
    hits.length = 0;
    expect((await send(`${origin}/first`)).success).toBe(true);
    expect((await send(`${origin}/second`)).success).toBe(true);
    expect(sockets.size).toBe(1); // kept alive and reused
    const result = await send(`${origin}/drop-reused`);
    expect(result).toMatchObject({ success: true, statusCode: 200 });
    expect(hits.map((h) => h.url)).toEqual(["/first", "/second", "/drop-reused", "/drop-reused"]);
    expect(sockets.size).toBe(2);
  });

  it("reports refused connections", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const result = await send(`https://127.0.0.1:${port}/`);
    expect(result).toMatchObject({ success: false, statusCode: null, error: "connection refused" });
  });

  it("fails on a certificate that does not match the host (TLS failure)", async () => {
    // The CA's own certificate is trusted but names no host: the TLS check must refuse it.
    const dir = path.dirname(ensureTestCertificates().caCertPath);
    const wrong = https.createServer(
      { cert: readFileSync(path.join(dir, "ca.crt")), key: readFileSync(path.join(dir, "ca.key")) },
      (_req, res) => res.end("should not get here"),
    );
    await new Promise<void>((r) => wrong.listen(0, "127.0.0.1", r));
    try {
      const result = await send(`https://127.0.0.1:${(wrong.address() as AddressInfo).port}/`);
      expect(result.success).toBe(false);
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/^tls: /);
    } finally {
      await new Promise((r) => wrong.close(r));
    }
  });

  it("refuses private and loopback targets without the flag, before connecting", async () => {
    hits.length = 0;
    handler = (_req, res) => res.end("ok");
    const port = new URL(origin).port;
    for (const url of [`${origin}/x`, `https://localhost:${port}/x`, `https://[::ffff:127.0.0.1]:${port}/x`]) {
      const result = await send(url, { allowPrivate: false });
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/^blocked: /);
    }
    expect(hits).toEqual([]);
    // Resolved names connect to the checked address; the certificate is checked against the name.
    const viaName = await send(`https://localhost:${port}/y`, { allowPrivate: true });
    expect(viaName).toMatchObject({ success: true, statusCode: 200 });
  });

  it("reports DNS failures", async () => {
    const result = await send("https://no-such-host.invalid/", { allowPrivate: false });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^dns: /);
  });
});

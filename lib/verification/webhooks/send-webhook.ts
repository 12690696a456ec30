import "server-only";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { resolveWebhookHost, WebhookAddressError } from "@/lib/verification/webhooks/network-policy";

const RESPONSE_EXCERPT_BYTES = 1024;
const BODY_GRACE_MS = 1000;

// Connections to receivers are kept alive briefly and reused (retries and bursts go to the
// same few hosts). A pooled socket was opened to an address that passed the network policy;
// every delivery still resolves and checks the host first, and new sockets go only to the
// checked address. Idle sockets close after a few seconds.
const keepAliveAgent = new https.Agent({ keepAlive: true, maxSockets: 16, maxFreeSockets: 4, timeout: 5000 });

export type SendResult = {
  startedAt: Date;
  durationMs: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
};

/**
 * POSTs one signed delivery. Success is a 2xx status received within `timeoutMs` of the
 * start (DNS, connect, TLS and the wait for the status line all count). Anything else is a
 * failure described in `error`: a non-2xx or 3xx status (redirects are never followed), a
 * timeout, a DNS, connection or TLS failure, or an address the network policy refuses.
 *
 * node:https verifies certificates against Node's roots plus NODE_EXTRA_CA_CERTS. A new
 * socket goes to the address that resolveWebhookHost checked (pinned through `lookup`),
 * while SNI and certificate checks use the URL's host name.
 */
export async function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<SendResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  const fail = (
    error: string,
    statusCode: number | null = null,
    responseExcerpt: string | null = null,
  ): SendResult => ({
    startedAt,
    durationMs: elapsed(),
    success: false,
    statusCode,
    error,
    responseExcerpt,
  });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return fail("invalid url");
  }
  if (url.protocol !== "https:") return fail("only https URLs receive webhooks");

  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let target;
  try {
    target = await resolveWebhookHost(hostname, { allowPrivate: input.allowPrivate, timeoutMs: input.timeoutMs });
  } catch (error) {
    if (error instanceof WebhookAddressError)
      return fail(error.kind === "dns" ? `dns: ${error.message}` : `blocked: ${error.message}`);
    throw error;
  }
  const remaining = input.timeoutMs - elapsed();
  if (remaining <= 0) return fail(`timeout: no response within ${input.timeoutMs} ms`);

  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    // Cast: Node's LookupFunction type has one callback signature; with `all` it is called with the list.
    if (options?.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };

  const post = (agent: https.Agent | false) =>
    new Promise<{ result: SendResult; staleSocket: boolean }>((resolve) => {
      let settled = false;
      let statusCode: number | null = null;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const settle = (result: SendResult, staleSocket = false) => {
        settled = true;
        clearTimeout(timer);
        resolve({ result, staleSocket });
      };

      // A fully read response leaves the socket to the keep-alive pool; one cut short is closed.
      const finish = (complete: boolean) => {
        if (settled) return;
        if (!complete) request.destroy();
        const excerpt = chunks.length
          ? Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8")
          : null;
        const code = statusCode ?? 0;
        if (code >= 200 && code < 300) {
          settle({
            startedAt,
            durationMs: elapsed(),
            success: true,
            statusCode: code,
            error: null,
            responseExcerpt: excerpt,
          });
        } else if (code >= 300 && code < 400) {
          settle(fail(`HTTP ${code}: redirects are not followed`, code, excerpt));
        } else {
          settle(fail(`HTTP ${code}`, code, excerpt));
        }
      };

      const request = https.request({
        method: "POST",
        host: hostname,
        port: url.port ? Number(url.port) : 443,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...input.headers,
          "Content-Length": String(Buffer.byteLength(input.body)),
          "User-Agent": "Voiceage-Webhooks/1",
        },
        servername: isIP(hostname) ? undefined : hostname,
        lookup: isIP(hostname) ? undefined : pinnedLookup,
        agent,
      });

      let timer = setTimeout(
        () => {
          if (settled) return;
          if (statusCode !== null) return finish(false); // status arrived in time; stop reading the body
          request.destroy();
          settle(fail(`timeout: no response within ${input.timeoutMs} ms`));
        },
        Math.max(0, input.timeoutMs - elapsed()),
      );

      request.on("response", (response) => {
        statusCode = response.statusCode ?? 0;
        // The verdict is in; give the body a moment for the excerpt, not the whole deadline.
        clearTimeout(timer);
        timer = setTimeout(() => finish(false), Math.min(BODY_GRACE_MS, Math.max(0, input.timeoutMs - elapsed())));
        response.on("data", (chunk: Buffer) => {
          if (bytes < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= RESPONSE_EXCERPT_BYTES) finish(false);
        });
        response.on("end", () => finish(true));
        response.on("error", () => finish(false));
        response.on("aborted", () => finish(false));
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (settled) return;
        if (statusCode !== null) return finish(false);
        // A pooled connection the receiver had already closed: nothing was processed.
        const stale = request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
        settle(fail(describeNetworkError(error)), stale);
      });
      request.end(input.body);
    });

  const first = await post(keepAliveAgent);
  if (!first.staleSocket || elapsed() >= input.timeoutMs) return first.result;
  return (await post(false)).result;
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|UNABLE_TO|CERT_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/;

function describeNetworkError(error: NodeJS.ErrnoException): string {
  const code = error.code ?? "";
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(error.message)) return `tls: ${code || error.message}`;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "EPIPE") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return `network unreachable (${code})`;
  return `network: ${code || error.message}`;
}

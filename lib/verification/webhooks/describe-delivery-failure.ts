// A failed delivery attempt in words a person reads at a glance; the raw detail stays available
// beside it. Importable by client and server.

const UNTRUSTED =
  /SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY)|DEPTH_ZERO|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE|CERT_CHAIN_TOO_LONG/;

/**
 * Why an attempt failed, as a sentence: "Certificate not trusted", "Timed out after 10 s",
 * "HTTP 500 (server error at the endpoint)", "Host refused by the network policy", … `error` is
 * what lib/verification/webhooks/send-webhook.ts recorded; anything it does not recognise is "Network error".
 */
export function describeDeliveryFailure(statusCode: number | null, error: string | null): string {
  if (statusCode) {
    const kind =
      statusCode >= 500
        ? "server error at the endpoint"
        : statusCode === 401 || statusCode === 403
          ? "the endpoint refused the request"
          : statusCode === 404 || statusCode === 410
            ? "no such page at the endpoint: check the URL"
            : statusCode === 429
              ? "the endpoint asked to slow down"
              : statusCode >= 300 && statusCode < 400
                ? "a redirect: redirects are not followed"
                : statusCode >= 400
                  ? "the endpoint rejected the request"
                  : "not a 2xx answer";
    return `HTTP ${statusCode} (${kind})`;
  }
  if (!error) return "No response";
  const timeout = /^timeout: no response within (\d+) ms/.exec(error);
  if (timeout) return `Timed out after ${Math.round(Number(timeout[1]) / 100) / 10} s`;
  if (error.startsWith("tls: ")) {
    const code = error.slice(5);
    if (UNTRUSTED.test(code)) return "Certificate not trusted";
    if (/CERT_HAS_EXPIRED|CERT_NOT_YET_VALID/.test(code)) return "Certificate expired or not yet valid";
    if (/ALTNAME|HOSTNAME_MISMATCH/.test(code)) return "Certificate is for another host name";
    return "Secure connection (TLS) failed";
  }
  if (error.startsWith("blocked: ")) return "Host refused by the network policy";
  if (error.startsWith("dns: ")) return "Host name not found";
  if (error === "connection refused") return "Connection refused";
  if (error === "connection reset") return "Connection closed before an answer";
  if (error.startsWith("network unreachable")) return "Network unreachable";
  if (error === "invalid url" || error === "only https URLs receive webhooks") return "Not a valid https URL";
  return "Network error";
}

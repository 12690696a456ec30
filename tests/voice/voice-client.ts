// Calls the Voice Prompt API of the app under test with x-api-key; JSON in, JSON out.
import { baseUrl, callApi, type CallOptions } from "../support/api";
import { assertMatchesContract } from "../support/contract";

/** Calls the Voice Prompt API of the suite's app with x-api-key. */
export function voiceApi<T = any>(method: string, path: string, options: CallOptions & { key?: string } = {}) {
  const headers = options.key ? { ...options.headers, "x-api-key": options.key } : options.headers;
  return callApi<T>("voice", baseUrl(), method, path, { ...options, headers });
}

/**
 * Downloads a URL the API returned (audio_url, preview_url). When it is this app's own
 * (/files, local voice previews), the answer is checked against the voice document too.
 */
export async function download(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  const target = new URL(url);
  if (target.origin === new URL(baseUrl()).origin) {
    const json = res.headers.get("content-type")?.startsWith("application/json");
    const body = json ? JSON.parse(bytes.toString("utf8")) : bytes.length ? "(audio)" : undefined;
    assertMatchesContract("voice", init?.method ?? "GET", target.pathname, res.status, res.headers, body);
  }
  return { status: res.status, headers: res.headers, bytes };
}

// Calls the Voice Prompt API of the app under test with x-api-key; JSON in, JSON out.
import { baseUrl } from "../support/api";
import { assertMatchesContract } from "../support/contract";

export type VoiceResponse<T = any> = { status: number; headers: Headers; body: T };

export async function voiceApi<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<VoiceResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers["x-api-key"] = options.key;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
  }
  assertMatchesContract("voice", method, new URL(path, baseUrl()).pathname, res.status, res.headers, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** Downloads a URL the API returned (audio_url, preview_url). */
export async function download(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

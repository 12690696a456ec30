// Calls the Voice Prompt API of the app under test with x-api-key; JSON in, JSON out.
import { baseUrl, callApi, type ApiResponse, type CallOptions } from "../support/api";

export type VoiceResponse<T = any> = ApiResponse<T>;

/** Calls the Voice Prompt API of the suite's app with x-api-key. */
export function voiceApi<T = any>(method: string, path: string, options: CallOptions & { key?: string } = {}) {
  const headers = options.key ? { ...options.headers, "x-api-key": options.key } : options.headers;
  return callApi<T>("voice", baseUrl(), method, path, { ...options, headers });
}

/** Downloads a URL the API returned (audio_url, preview_url). */
export async function download(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

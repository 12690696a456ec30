// The rate-limit table of the reference at /docs, from the same setting the limiter counts with
// (RATE_LIMIT_PER_MINUTE, lib/account/rate-limit/consume-rate-limit.ts), so it shows this server's limits.
import { env } from "@/lib/platform/env";

type RateLimitRow = { who: string; limit: string; counted: string; over: string };

export function rateLimitRows(perMinute = env().RATE_LIMIT_PER_MINUTE): RateLimitRow[] {
  return [
    {
      who: "Age Verification API (/v1), with a valid key",
      limit: `${perMinute} requests per minute per organisation`,
      counted:
        "Every /v1 request, in fixed one-minute windows; test and live keys of one organisation share the budget. " +
        "Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.",
      over: "429 rate_limited with Retry-After (seconds until the window resets).",
    },
    {
      who: "Either API, without a valid key",
      limit: `${perMinute} requests per minute per client address`,
      counted:
        "Requests whose key is missing or wrong, so a guessing client is slowed; the 401s carry the same headers.",
      over: "429 rate_limited with Retry-After instead of 401.",
    },
    {
      who: "Voice Prompt API, with a valid key",
      limit: "No request limit of its own",
      counted: "The speech provider's concurrency limit applies to generation (POST /tts, prompt sets).",
      over: "429 rate_limited with Retry-After after one retry on our side; prompt sets pause and back off instead.",
    },
  ];
}

import { env } from "@/lib/env";
import { BASELINE_JSON } from "@/bench/lib/payload";

// The framework's ceiling for `npm run bench`: a route handler that does no work. It is served
// only when BENCH_ROUTES=true (the bench's own stack sets it) and is a plain 404 otherwise.
export const dynamic = "force-dynamic";

export function GET() {
  if (!env().BENCH_ROUTES) return new Response(null, { status: 404 });
  return new Response(BASELINE_JSON, { headers: { "Content-Type": "application/json" } });
}

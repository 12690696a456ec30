import { env } from "@/lib/platform/env";
import { BASELINE_JSON } from "@/bench/lib/payload";

// The framework's ceiling for `npm run bench`: route handlers that do no work. GET is the
// baseline the targets refer to; POST reads a JSON body first (what any create must do), to
// show how much of a create's cost the framework's request-body handling is. Served only when
// BENCH_ROUTES=true (the bench's own stack sets it); a plain 404 otherwise.
export const dynamic = "force-dynamic";

const notFound = () => new Response(null, { status: 404 });
const answer = () => new Response(BASELINE_JSON, { headers: { "Content-Type": "application/json" } });

export function GET() {
  return env().BENCH_ROUTES ? answer() : notFound();
}

export async function POST(req: Request) {
  if (!env().BENCH_ROUTES) return notFound();
  JSON.parse(await req.text());
  return answer();
}

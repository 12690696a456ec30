// Repeat reads (issue 35): GET /voices, the biggest answer a client asks for again and again,
// in full (gzip, as a browser or SDK asks for it) and revalidated with the ETag it already
// has (304, no body), against the two baselines. Both are served from bytes prepared once.
import type { BenchSection } from "../lib/context";

const section: BenchSection = {
  title: "Repeat reads",
  async run(ctx) {
    const headers = { "x-api-key": ctx.org.testKey, "accept-encoding": "gzip" };
    const first = await fetch(`${ctx.baseUrl}/voices`, { headers });
    const etag = first.headers.get("etag");
    if (first.status !== 200 || !etag) throw new Error(`GET /voices answered ${first.status} without an ETag`);
    const full = await ctx.measure({
      name: "GET /voices (full, gzip)",
      expectStatus: 200,
      request: () => ({ method: "GET", path: "/voices", headers }),
    });
    const revalidated = await ctx.measure({
      name: "GET /voices (If-None-Match, 304)",
      expectStatus: 304,
      request: () => ({ method: "GET", path: "/voices", headers: { ...headers, "if-none-match": etag } }),
    });
    return [
      { ...full, target: { minThroughputRatio: 0.7, maxP99Ratio: 2 } },
      { ...revalidated, target: { minThroughputRatio: 0.85, maxP99Ratio: 1.5 } },
    ];
  },
};

export default section;

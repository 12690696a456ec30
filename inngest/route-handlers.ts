import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngestConfigured } from "@/lib/platform/env";
import { inngest } from "@/inngest/client";
import { jobFunction } from "@/inngest/job-function";
import { jobs } from "@/lib/edge/jobs/registry";

type RouteHandler = (req: NextRequest, ctx: unknown) => Promise<Response>;

/** One Inngest function per job of the registry. */
export const functions = jobs.map(jobFunction);

const served = serve({ client: inngest, functions });

// Without Inngest configured (the embedded default), serve() has no signing key and answers
// every request with a bare 500 and an error in the log. Nothing should call this endpoint
// then, but an operator checking it deserves to learn why it is idle. (Serving unsigned
// requests instead would let anyone run the functions.)
const notConfigured: RouteHandler = async () =>
  Response.json(
    {
      error: {
        code: "inngest_not_configured",
        message:
          "Inngest is not configured (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY, or INNGEST_DEV=1), " +
          "so this endpoint serves no functions: background work runs in-process.",
      },
    },
    { status: 404 },
  );

const whenConfigured =
  (handler: RouteHandler): RouteHandler =>
  (req, ctx) =>
    inngestConfigured() ? handler(req, ctx) : notConfigured(req, ctx);

/** The handlers of app/api/inngest/route.ts. */
export const inngestRouteHandlers = {
  GET: whenConfigured(served.GET),
  POST: whenConfigured(served.POST),
  PUT: whenConfigured(served.PUT),
};

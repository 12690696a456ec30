import { inngestRouteHandlers } from "@/lib/jobs/inngest/route-handlers";

export const { GET, POST, PUT } = inngestRouteHandlers;

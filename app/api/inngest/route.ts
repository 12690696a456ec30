import { inngestRouteHandlers } from "@/inngest/route-handlers";

export const { GET, POST, PUT } = inngestRouteHandlers;

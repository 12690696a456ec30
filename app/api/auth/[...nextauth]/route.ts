import type { NextRequest } from "next/server";
import { handlers } from "@/auth";
import { atForwardedOrigin } from "@/lib/users/request-origin";

export const GET = (req: NextRequest) => handlers.GET(atForwardedOrigin(req));
export const POST = (req: NextRequest) => handlers.POST(atForwardedOrigin(req));

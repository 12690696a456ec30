import { deliverEvent } from "@/inngest/functions/deliver-event";
import { expireSession } from "@/inngest/functions/expire-session";

export const functions = [expireSession, deliverEvent];

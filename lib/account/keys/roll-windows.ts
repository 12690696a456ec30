// How long a rolled key keeps working, the one definition. Importable by client and server.
import { z } from "zod";

export const rollWindows = {
  now: { label: "Now", ms: 0 },
  "1h": { label: "1 hour", ms: 60 * 60_000 },
  "24h": { label: "24 hours", ms: 24 * 60 * 60_000 },
  "7d": { label: "7 days", ms: 7 * 24 * 60 * 60_000 },
} as const;
export type RollWindow = keyof typeof rollWindows;

export const rollWindowSchema = z.enum(Object.keys(rollWindows) as [RollWindow, ...RollWindow[]], {
  error: "Choose when the old key stops working.",
});

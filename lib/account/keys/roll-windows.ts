// How long a rolled key keeps working, the one definition. Importable by client and server.
import { z } from "zod";

export const ROLL_WINDOWS = ["now", "1h", "24h", "7d"] as const;
export type RollWindow = (typeof ROLL_WINDOWS)[number];

export const rollWindows = {
  now: { label: "Now", ms: 0 },
  "1h": { label: "1 hour", ms: 60 * 60_000 },
  "24h": { label: "24 hours", ms: 24 * 60 * 60_000 },
  "7d": { label: "7 days", ms: 7 * 24 * 60 * 60_000 },
} as const satisfies Record<RollWindow, { label: string; ms: number }>;

export const rollWindowSchema = z.enum(ROLL_WINDOWS, {
  error: "Choose when the old key stops working.",
});

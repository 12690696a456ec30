// A key's mode, the one definition. Importable by client and server (no node: imports).
import { z } from "zod";

const keyModes = ["test", "live"] as const;
export type KeyMode = (typeof keyModes)[number];

/** A mode in a form, a query string or a response; its message is the dashboard forms' hint. */
export const modeSchema = z.enum(keyModes, { error: "Choose test or live." });

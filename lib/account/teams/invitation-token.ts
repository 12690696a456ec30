import "server-only";
import { createHash } from "node:crypto";
import { env } from "@/lib/platform/env";
import { randomBase62 } from "@/lib/platform/ids";

// 43 base62 characters: about 256 bits, so the stored sha256 needs no salt and can be looked up.
const TOKEN_LENGTH = 43;

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function newInvitationToken(): string {
  return randomBase62(TOKEN_LENGTH);
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(`invitation:${token}`).digest("hex");
}

export function invitationLink(token: string): string {
  return `${env().APP_URL}/invite/${token}`;
}

/** Whether `token` could be one of ours: anything else is answered as unknown without a query. */
export function hasInvitationTokenShape(token: string): boolean {
  return new RegExp(`^[0-9A-Za-z]{${TOKEN_LENGTH}}$`).test(token);
}

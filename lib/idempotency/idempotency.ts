import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/verification/errors";

// Stripe's semantics: the same key with the same request replays the first response for
// 24 hours; the same key with a different request is refused.
const RETENTION_MS = 24 * 60 * 60 * 1000;
const IN_FLIGHT_WAIT_MS = 15_000;

export type StoredResponse = { status: number; body: string };

export type IdempotencyClaim =
  | { kind: "fresh"; complete: (response: StoredResponse) => Promise<void>; abandon: () => Promise<void> }
  | { kind: "replay"; response: StoredResponse };

export function validateIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(
      "parameter_invalid",
      "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.",
      "Idempotency-Key",
    );
  }
}

export async function claimIdempotencyKey(input: {
  orgId: string;
  key: string;
  method: string;
  path: string;
  body: string;
}): Promise<IdempotencyClaim> {
  validateIdempotencyKey(input.key);
  const requestHash = createHash("sha256").update(`${input.method}\n${input.path}\n${input.body}`).digest("hex");
  const id = { orgId_key: { orgId: input.orgId, key: input.key } };
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;

  for (;;) {
    try {
      await db.idempotencyKey.create({
        data: { orgId: input.orgId, key: input.key, method: input.method, path: input.path, requestHash },
      });
      return {
        kind: "fresh",
        complete: async (response) => {
          await db.idempotencyKey.update({
            where: id,
            data: { statusCode: response.status, responseBody: response.body },
          });
        },
        // A failed first attempt (5xx) must not poison the key: the client is told to retry.
        abandon: async () => {
          await db.idempotencyKey.deleteMany({ where: { orgId: input.orgId, key: input.key, statusCode: null } });
        },
      };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }

    const existing = await db.idempotencyKey.findUnique({ where: id });
    if (!existing) continue; // abandoned between our insert and read: try again
    if (Date.now() - existing.createdAt.getTime() > RETENTION_MS) {
      await db.idempotencyKey.deleteMany({ where: { orgId: input.orgId, key: input.key, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new ApiError(
        "parameter_invalid",
        "Keys for idempotent requests can only be used with the same endpoint and parameters they were first used with.",
        "Idempotency-Key",
      );
    }
    if (existing.statusCode !== null && existing.responseBody !== null) {
      return { kind: "replay", response: { status: existing.statusCode, body: existing.responseBody } };
    }
    // The first request is still running; wait for its result rather than run twice.
    if (Date.now() > deadline) {
      throw new Error(`Idempotent request ${input.key} still in flight after ${IN_FLIGHT_WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import "server-only";
import { createHash } from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import { db } from "@/lib/platform/db";
import {
  completeIdempotencyKey,
  type IdempotencyAnswerRow,
  deleteIdempotencyKeyCreatedAt,
  insertIdempotencyKey,
  releaseIdempotencyKey,
  selectIdempotencyKey,
} from "@/lib/platform/db/hot/idempotency-keys";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { VerificationApiError } from "@/lib/verification/errors";
import { errorField, logger } from "@/lib/platform/log";

// Stripe's semantics: the same key with the same request replays the first response for
// 24 hours; the same key with a different request is refused.
const RETENTION_MS = 24 * 60 * 60 * 1000;
// How long a duplicate waits for the first request of its key to finish before giving up (500,
// safe to retry). Never "take over" the key instead: the first request may already have created
// its session, and a retry must never make a second one.
const IN_FLIGHT_WAIT_MS = 15_000;
// A claim still without a response this long after it was made belongs to a request whose
// process died (a create takes milliseconds). Whether it took effect is unknown, so the key can
// never be completed: say so at once (400) instead of waiting 15 s for a 500 that invites the
// same doomed retry for 24 hours.
const ABANDONED_AFTER_MS = 60_000;
const IN_FLIGHT_POLL_MS = 25;
const SWEEP_EVERY_MS = 60_000;
// Stored responses carry secrets: a webhook endpoint's whsec_ secret, a session's one-time
// hosted url. A replay must return them (Stripe: the same response), so they are kept, but
// only AES-256-GCM encrypted (lib/platform/crypto/secret-box), bound to the organisation and key so a
// body copied onto another row does not decrypt.
const RESPONSE_PURPOSE = "idempotent-response";

type StoredResponse = { status: number; body: string };

export type IdempotencyClaim =
  | { kind: "fresh"; complete: (response: StoredResponse) => Promise<void>; abandon: () => Promise<void> }
  | { kind: "replay"; response: StoredResponse };

function validateIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new VerificationApiError(
      "parameter_invalid",
      "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.",
      "Idempotency-Key",
    );
  }
}

/**
 * What "the same parameters" means for a retry. Like Stripe, a retry is compared by its
 * parameters, not its bytes: a client that re-serialises the same JSON with other whitespace
 * or number spelling (18 vs 18.0) is retrying, not sending a new request. Key order stays
 * significant, because metadata is kept and echoed in its order. A body that is not JSON
 * (refused by validation anyway) is compared as it is.
 */
function canonicalBody(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw));
  } catch {
    return raw;
  }
}

/** A request's Idempotency-Key, checked, scoped and with its parameters hashed, before any statement. */
export type IdempotentRequest = { orgId: string; scopedKey: string; method: string; path: string; requestHash: string };

/**
 * Checks the Idempotency-Key (400 naming it when malformed) and states what a retry is compared
 * by. Keys are scoped to the organisation and the key's mode: a live request never replays a
 * test-mode response.
 */
export function idempotentRequest(input: {
  orgId: string;
  mode: KeyMode;
  key: string;
  method: string;
  path: string;
  body: string;
}): IdempotentRequest {
  validateIdempotencyKey(input.key);
  sweepExpiredKeys();
  return {
    orgId: input.orgId,
    scopedKey: `${input.mode}:${input.key}`,
    method: input.method,
    path: input.path,
    requestHash: createHash("sha256")
      .update(`${input.method}\n${input.path}\n${canonicalBody(input.body)}`)
      .digest("hex"),
  };
}

/** The key was claimed by an earlier request, so the write that would have claimed it wrote nothing. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super("Idempotency-Key already claimed");
    this.name = "IdempotencyKeyTaken";
  }
}

/**
 * For a route whose own write can claim the key and store its answer in the same statement
 * (the session create: one round trip instead of three, and no claim ever seen without its
 * answer). The writer takes `answer(status, body)` into its statement and calls `settle` with
 * whether the statement claimed the key; when it did not, nothing was written and the caller
 * falls back to claimIdempotencyKey, which replays, refuses or waits as for any route.
 */
export type IdempotentWrite = {
  /** The key's row with the answer sealed (encrypted as every stored answer is). */
  answer: (status: number, body: string) => IdempotencyAnswerRow;
  /** Throws IdempotencyKeyTaken when the statement did not claim the key. */
  settle: (claimed: boolean) => void;
  /** True once the writer's statement claimed the key and stored its answer. */
  readonly stored: boolean;
};

export function idempotentWrite(request: IdempotentRequest): IdempotentWrite {
  let stored = false;
  return {
    answer: (status, body) => ({
      orgId: request.orgId,
      key: request.scopedKey,
      method: request.method,
      path: request.path,
      requestHash: request.requestHash,
      statusCode: status,
      responseBody: sealResponseBody(request.orgId, request.scopedKey, body),
    }),
    settle: (claimed) => {
      if (!claimed) throw new IdempotencyKeyTaken();
      stored = true;
    },
    get stored() {
      return stored;
    },
  };
}

/**
 * Claims an Idempotency-Key for one request, or returns the stored response of the request that
 * claimed it first.
 */
export async function claimIdempotencyKey(request: IdempotentRequest): Promise<IdempotencyClaim> {
  const { orgId, scopedKey, requestHash } = request;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;

  // Plain prepared statements (lib/platform/db/hot/idempotency-keys.ts): this sits on the create path.
  for (;;) {
    const claimed = await insertIdempotencyKey({
      orgId,
      key: scopedKey,
      method: request.method,
      path: request.path,
      requestHash,
    });
    if (claimed) {
      return {
        kind: "fresh",
        complete: (response) =>
          completeIdempotencyKey(orgId, scopedKey, response.status, sealResponseBody(orgId, scopedKey, response.body)),
        // A request that changed nothing (4xx) or failed (5xx) releases the key: the client may
        // fix the request or retry, as with Stripe, where failed validation saves no result.
        abandon: () => releaseIdempotencyKey(orgId, scopedKey),
      };
    }

    const existing = await selectIdempotencyKey(orgId, scopedKey);
    if (!existing) continue; // released between our insert and read: try again
    if (Date.now() - existing.createdAt.getTime() > RETENTION_MS) {
      await deleteIdempotencyKeyCreatedAt(orgId, scopedKey, existing.createdAt);
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new VerificationApiError(
        "parameter_invalid",
        "Keys for idempotent requests can only be used with the same endpoint and parameters they were first used with.",
        "Idempotency-Key",
      );
    }
    if (existing.statusCode !== null && existing.responseBody !== null) {
      return {
        kind: "replay",
        response: {
          status: existing.statusCode,
          body: openResponseBody(orgId, scopedKey, existing.responseBody),
        },
      };
    }
    if (Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_MS) {
      throw new VerificationApiError(
        "parameter_invalid",
        "The first request with this Idempotency-Key never finished (the server stopped while handling it), so whether it took effect is unknown. Check the result (e.g. list your sessions), then use a new key.",
        "Idempotency-Key",
      );
    }
    // The first request is still running; wait for its result rather than run twice.
    if (Date.now() > deadline) {
      throw new Error(`Idempotent request ${scopedKey} still in flight after ${IN_FLIGHT_WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
  }
}

function sealResponseBody(orgId: string, scopedKey: string, body: string): string {
  return encryptSecret(body, RESPONSE_PURPOSE, `${orgId}\n${scopedKey}`);
}

function openResponseBody(orgId: string, scopedKey: string, stored: string): string {
  // Rows written before responses were encrypted hold the JSON itself (or nothing); they are
  // replayed as they are until they expire, within 24 hours.
  if (stored === "" || stored.startsWith("{")) return stored;
  return decryptSecret(stored, RESPONSE_PURPOSE, `${orgId}\n${scopedKey}`);
}

let lastSweep = 0;

/** Deletes keys past their 24 hours, at most once a minute per process, off the request's path. */
function sweepExpiredKeys(now = Date.now()) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  db.idempotencyKey
    .deleteMany({ where: { createdAt: { lt: new Date(now - RETENTION_MS) } } })
    .catch((error: unknown) => logger().error({ err: errorField(error) }, "sweeping expired idempotency keys failed"));
}

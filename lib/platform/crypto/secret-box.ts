import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/platform/env";

// Secrets we must be able to read back (webhook signing secrets) are stored AES-256-GCM
// encrypted. The key is derived from APP_SECRET per purpose, so the same APP_SECRET never
// keys two different things. `context` is bound as additional authenticated data: a
// ciphertext copied onto another row (another endpoint id) fails to decrypt.
const VERSION = "v1";

// Derived once per purpose (the idempotent create encrypts on every request); keyed by the
// secret too, so a changed APP_SECRET (tests) never meets a key derived from the old one.
const derivedKeys = new Map<string, { secret: string; key: Buffer }>();

function keyFor(purpose: string): Buffer {
  const secret = env().APP_SECRET;
  const known = derivedKeys.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = createHash("sha256").update(`voiceage:${purpose}:`).update(secret).digest();
  derivedKeys.set(purpose, { secret, key });
  return key;
}

// IVs are cut from a pool of random bytes: Next.js instruments node:crypto's randomBytes on the
// server, which made one call per encryption a measurable share of the idempotent create. Each
// 12-byte IV is fresh CSPRNG output used once, as a separate randomBytes(12) would be.
const IV_BYTES = 12;
const IV_POOL_BYTES = IV_BYTES * 256;
let ivPool = Buffer.alloc(0);
let ivNext = 0;

function freshIv(): Buffer {
  if (ivNext + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivNext = 0;
  }
  // A copy: the pool's bytes are never handed out twice or kept by a caller.
  const iv = Buffer.from(ivPool.subarray(ivNext, ivNext + IV_BYTES));
  ivNext += IV_BYTES;
  return iv;
}

export function encryptSecret(plaintext: string, purpose: string, context: string): string {
  const iv = freshIv();
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(":");
}

export function decryptSecret(stored: string, purpose: string, context: string): string {
  const [version, iv, tag, ciphertext, extra] = stored.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || extra !== undefined) {
    throw new Error("Unrecognised encrypted secret format");
  }
  const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { statSync } from "node:fs";
import path from "node:path";
import { assertValidKey, type ObjectStorage, type SignedUrlOptions } from "@/lib/platform/storage/object-storage";
import { errorCode } from "@/lib/platform/narrow";

export type LocalStorageOptions = {
  /** Directory the objects live under. */
  dir: string;
  /** Signs download URLs; derived per purpose, so the raw secret never keys two things. */
  secret: string;
  /** Public origin of the app that serves /files */
  baseUrl: string;
  now?: () => number;
};

/**
 * The route that serves local objects (app/files/route.ts), the key in the query: a single path
 * segment any client or generator can address. The key is one of the signed claims, so moving it
 * out of the path changes nothing about what a link grants. Links of the older form, the key as
 * the path (/files/<key>, app/files/[...key]/route.ts), carry the same claims and keep working.
 */
const LOCAL_FILES_PATH = "/files";

type UrlClaims = {
  key: string;
  expires: number;
  contentType: string;
  filename: string;
  disposition: "attachment" | "inline";
};

type LocalUrlCheck = { ok: true; claims: UrlClaims } | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

export type LocalStorage = ObjectStorage & {
  verifyUrl(key: string, query: URLSearchParams): LocalUrlCheck;
  filePath(key: string): string;
};

export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const root = path.resolve(options.dir);
  const signingKey = createHash("sha256").update(`local-storage-url-v1:${options.secret}`).digest();
  const now = options.now ?? Date.now;
  const sign = (claims: UrlClaims) =>
    createHmac("sha256", signingKey)
      .update([claims.key, claims.expires, claims.contentType, claims.filename, claims.disposition].join("\n"))
      .digest("base64url");

  function filePath(key: string): string {
    assertValidKey(key);
    const full = path.join(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the storage directory: ${key}`);
    return full;
  }

  return {
    driver: "local",
    filePath,
    async put(key, body) {
      const full = filePath(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Write beside the target, then rename: readers see the old state or the whole file.
      const temp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, full);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(filePath(key));
      } catch (error) {
        if (errorCode(error) === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      // Every cached POST /tts asks this. A local stat takes microseconds; the promise API's
      // round trip through libuv's thread pool cost ten times that in CPU per request.
      return statSync(filePath(key), { throwIfNoEntry: false })?.isFile() ?? false;
    },
    async delete(key) {
      await rm(filePath(key), { force: true });
    },
    async signedUrl(key, opts: SignedUrlOptions) {
      assertValidKey(key);
      const claims: UrlClaims = {
        key,
        expires: Math.floor(now() / 1000) + opts.expiresInSeconds,
        contentType: opts.contentType,
        filename: opts.filename,
        disposition: opts.disposition,
      };
      const query = new URLSearchParams({
        key,
        expires: String(claims.expires),
        content_type: claims.contentType,
        filename: claims.filename,
        disposition: claims.disposition,
        signature: sign(claims),
      });
      return `${options.baseUrl.replace(/\/$/, "")}${LOCAL_FILES_PATH}?${query}`;
    },
    verifyUrl(key, query) {
      const expires = Number(query.get("expires"));
      const contentType = query.get("content_type");
      const filename = query.get("filename");
      const disposition = query.get("disposition");
      const signature = query.get("signature");
      if (!Number.isSafeInteger(expires) || !contentType || !filename || !signature)
        return { ok: false, reason: "malformed" };
      if (disposition !== "attachment" && disposition !== "inline") return { ok: false, reason: "malformed" };
      const claims: UrlClaims = { key, expires, contentType, filename, disposition };
      const expected = Buffer.from(sign(claims));
      const given = Buffer.from(signature);
      // Signature first, then expiry: a forged URL learns nothing about timing or state.
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: "bad_signature" };
      if (Math.floor(now() / 1000) >= expires) return { ok: false, reason: "expired" };
      return { ok: true, claims };
    },
  };
}

import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "@/lib/platform/storage/local-storage";
import { objectResponse } from "@/lib/platform/http/object-response";

function storageAt(now = () => Date.now()) {
  // The directory sits alone inside a fresh parent, so an escape would show up there.
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "local-storage-")), "objects");
  mkdirSync(dir);
  return {
    dir,
    storage: createLocalStorage({ dir, secret: "test-secret-0123456789", baseUrl: "http://app.test", now }),
  };
}

const opts = {
  expiresInSeconds: 3600,
  contentType: "audio/wav",
  filename: "prompt-abc.wav",
  disposition: "attachment" as const,
};

describe("local storage driver", () => {
  it("stores whole files under its directory and leaves no temp files", async () => {
    const { dir, storage } = storageAt();
    await storage.put("tts/ab/key/sha.wav", Buffer.from("hello"), "audio/wav");
    expect((await storage.get("tts/ab/key/sha.wav"))?.toString()).toBe("hello");
    expect(await storage.exists("tts/ab/key/sha.wav")).toBe(true);
    expect(readdirSync(path.join(dir, "tts/ab/key"))).toEqual(["sha.wav"]);
    await storage.delete("tts/ab/key/sha.wav");
    expect(await storage.get("tts/ab/key/sha.wav")).toBeNull();
  });

  it("refuses keys that would leave the directory", async () => {
    const { dir, storage } = storageAt();
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", "a/./b", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(readdirSync(path.dirname(dir))).toEqual(["objects"]);
  });

  it("signs URLs that verify, and rejects any change to them", async () => {
    const { storage } = storageAt();
    const url = new URL(await storage.signedUrl("tts/ab/key/sha.wav", opts));
    expect(url.origin).toBe("http://app.test");
    expect(url.pathname).toBe("/files");
    expect(url.searchParams.get("key")).toBe("tts/ab/key/sha.wav");
    const key = "tts/ab/key/sha.wav";
    expect(storage.verifyUrl(key, url.searchParams)).toMatchObject({
      ok: true,
      claims: { contentType: "audio/wav", filename: "prompt-abc.wav" },
    });

    const tampered = (change: (q: URLSearchParams) => void, k = key) => {
      const q = new URLSearchParams(url.searchParams);
      change(q);
      return storage.verifyUrl(k, q);
    };
    expect(tampered(() => undefined, "tts/ab/key/other.wav")).toEqual({ ok: false, reason: "bad_signature" });
    expect(tampered((q) => q.set("expires", String(Number(q.get("expires")) + 1)))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(tampered((q) => q.set("content_type", "text/html"))).toEqual({ ok: false, reason: "bad_signature" });
    expect(tampered((q) => q.set("filename", "x.html"))).toEqual({ ok: false, reason: "bad_signature" });
    expect(tampered((q) => q.set("disposition", "inline"))).toEqual({ ok: false, reason: "bad_signature" });
    // Change the last character (to one it is not already: 1 in 64 signatures ends in "A").
    const changeLast = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
    expect(tampered((q) => q.set("signature", changeLast(q.get("signature")!)))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(tampered((q) => q.delete("signature"))).toEqual({ ok: false, reason: "malformed" });
    expect(tampered((q) => q.set("expires", "soon"))).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a URL once it has expired, and one signed with another secret", async () => {
    let now = Date.now();
    const { storage } = storageAt(() => now);
    const url = new URL(await storage.signedUrl("a/b.wav", { ...opts, expiresInSeconds: 60 }));
    now += 59_000;
    expect(storage.verifyUrl("a/b.wav", url.searchParams).ok).toBe(true);
    now += 1_000;
    expect(storage.verifyUrl("a/b.wav", url.searchParams)).toEqual({ ok: false, reason: "expired" });

    const other = createLocalStorage({
      dir: "/tmp/x",
      secret: "another-secret-0123456789",
      baseUrl: "http://app.test",
    });
    const foreign = new URL(await other.signedUrl("a/b.wav", opts));
    expect(storage.verifyUrl("a/b.wav", foreign.searchParams)).toEqual({ ok: false, reason: "bad_signature" });
  });
});

describe("objectResponse", () => {
  const body = Buffer.from("0123456789");
  const meta = {
    contentType: "audio/wav",
    filename: "p.wav",
    disposition: "attachment" as const,
    cacheControl: "private",
  };
  const get = (range?: string) =>
    objectResponse(new Request("http://x/", { headers: range ? { range } : {} }), body, meta);

  it("serves the whole file with type, disposition and length", async () => {
    const res = get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="p.wav"');
    expect(res.headers.get("content-length")).toBe("10");
    expect(await res.text()).toBe("0123456789");
  });

  it("serves byte ranges for players that seek", async () => {
    expect(await get("bytes=2-4").text()).toBe("234");
    expect(get("bytes=2-4").headers.get("content-range")).toBe("bytes 2-4/10");
    expect(await get("bytes=7-").text()).toBe("789");
    expect(await get("bytes=-3").text()).toBe("789");
    expect(get("bytes=20-").status).toBe(416);
  });
});

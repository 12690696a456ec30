import "server-only";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { wavHeader } from "@/lib/voice/audio/pcm";
import { formatCsv } from "@/lib/platform/csv/format-csv";
import { db } from "@/lib/platform/db";
import { errorField, logger } from "@/lib/platform/log";
import { findPromptSetOrThrow, listPromptRows } from "@/lib/voice/prompt-sets/find-prompt-set";
import { countPrompts } from "@/lib/voice/prompt-sets/prompt-set-view";
import { promptSetSlug, type ArchiveLayout } from "@/lib/voice/prompt-sets/schemas";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { VoiceApiError } from "@/lib/voice/errors";
import { getOutputFormat, type OutputFormat } from "@/lib/voice/audio/formats";

/** Where a prompt's file goes in the archive, and how its bytes are packed for that place. */
export function archiveEntry(
  layout: ArchiveLayout,
  language: string,
  name: string,
  format: OutputFormat,
): { path: string; wrapInWav: boolean } {
  switch (layout) {
    case "asterisk":
      // Asterisk finds `Playback(custom/<name>)` under sounds/<lang>/ by extension; a 16 kHz WAV is `.wav16` to it.
      return {
        path: `${language}/custom/${name}${format.id === "wav_16000" ? ".wav16" : format.fileExtension}`,
        wrapInWav: false,
      };
    case "freeswitch": {
      // FreeSWITCH reads WAV (any of its codecs) from sounds/<lang>/.../<rate>/; headerless audio gets a WAV header, samples untouched.
      const raw = format.encoding.container === "raw";
      const extension = raw || format.encoding.container === "wav" ? ".wav" : format.fileExtension;
      return { path: `${language}/${format.sampleRate}/${name}${extension}`, wrapInWav: raw };
    }
    case "flat":
      return { path: `${name}${format.fileExtension}`, wrapInWav: false };
  }
}

function packed(bytes: Buffer, format: OutputFormat, wrapInWav: boolean): Buffer {
  if (!wrapInWav || format.encoding.container !== "raw") return bytes;
  return Buffer.concat([wavHeader(bytes.length, format.sampleRate, format.encoding.codec), bytes]);
}

/**
 * GET /prompt-sets/{id}/archive: every prompt of a fully generated set in one zip, laid out for
 * the chosen phone system, with a manifest (prompts.csv: name, text, voice, format, duration,
 * sha256, file) last. Streamed: one prompt's audio is read from storage at a time, as the
 * client takes the bytes, so a set of hundreds of prompts is never held in memory.
 */
export async function streamPromptSetArchive(
  input: { orgId: string; id: string; layout: ArchiveLayout },
  storage: ObjectStorage = getStorage(),
): Promise<{ body: ReadableStream<Uint8Array>; filename: string }> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  const prompts = await listPromptRows(set.id);
  const counts = countPrompts(prompts);
  if (counts.total === 0)
    throw new VoiceApiError("prompt_set_not_ready", "This prompt set has no prompts to download yet.");
  if (counts.done < counts.total) {
    throw new VoiceApiError(
      "prompt_set_not_ready",
      `${counts.total - counts.done} of ${counts.total} prompts are not generated (${counts.pending} pending, ${counts.queued + counts.generating} in progress, ${counts.failed} failed). ` +
        'Generate the set and wait for generation.state "completed".',
    );
  }
  const audio = await db.ttsAudio.findMany({ where: { cacheKey: { in: prompts.map((p) => p.cacheKey!) } } });
  const keyOf = new Map(audio.map((a) => [a.cacheKey, a.storageKey]));
  const missing = await Promise.all(
    prompts.map(async (p) =>
      keyOf.has(p.cacheKey!) && (await storage.exists(keyOf.get(p.cacheKey!)!)) ? null : p.name,
    ),
  );
  const lost = missing.filter((name) => name !== null);
  if (lost.length > 0) {
    throw new VoiceApiError(
      "prompt_set_not_ready",
      `The audio of ${lost.length} prompt(s) (${lost.slice(0, 5).join(", ")}${lost.length > 5 ? ", ..." : ""}) is no longer stored; generate the set again (nothing unchanged is synthesized twice).`,
    );
  }

  const format = getOutputFormat(set.outputFormat);
  const zip = new ZipFile();
  const manifest: string[][] = [];
  for (const prompt of prompts) {
    const entry = archiveEntry(input.layout, set.language, prompt.name, format);
    const mtime = prompt.generatedAt ?? set.updatedAt;
    // Audio hardly deflates; stored entries cost no CPU and stream at disk speed.
    zip.addReadStreamLazy(entry.path, { compress: false, mtime }, (callback) => {
      storage.get(keyOf.get(prompt.cacheKey!)!).then(
        (bytes) => {
          if (!bytes)
            return callback(
              new Error(`audio of prompt ${prompt.id} vanished from storage while streaming`),
              Readable.from([]),
            );
          const file = packed(bytes, format, entry.wrapInWav);
          const seconds = prompt.durationMs === null ? "" : (prompt.durationMs / 1000).toFixed(3);
          manifest.push([
            prompt.name,
            prompt.text,
            set.voiceId,
            format.id,
            seconds,
            createHash("sha256").update(file).digest("hex"),
            entry.path,
          ]);
          callback(null, Readable.from([file]));
        },
        (error) => callback(error, Readable.from([])),
      );
    });
  }
  // Read last, when every file's hash is known.
  zip.addReadStreamLazy("prompts.csv", { mtime: set.updatedAt }, (callback) =>
    callback(
      null,
      Readable.from([formatCsv(["name", "text", "voice", "format", "duration", "sha256", "file"], manifest)]),
    ),
  );
  zip.end();
  const output = zip.outputStream;
  // yazl's stream is a PassThrough; its types say only NodeJS.ReadableStream.
  if (!(output instanceof Readable)) throw new Error("The zip output is not a Node.js Readable.");
  zip.on("error", (error: unknown) => {
    logger().error({ setId: set.id, err: errorField(error) }, "prompt set archive failed while streaming");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    // Node's web-stream types and the DOM's ReadableStream are declared apart; the object is one.
    body: Readable.toWeb(output) as ReadableStream<Uint8Array>,
    filename: `${promptSetSlug(set.name)}-${input.layout}.zip`,
  };
}

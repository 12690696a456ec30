"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { followPlayback } from "@/components/studio/playback-events";
import { toPlayableAudio } from "@/lib/voice/audio/raw-audio";
import { getOutputFormat } from "@/lib/voice/audio/formats";

export type PlayMode = "original" | "phone";
export type Playing = {
  promptId: string;
  name: string;
  mode: PlayMode;
  status: "loading" | "playing" | "error";
  error?: string;
};

/** The G.711 law the phone preview uses by default (phoneCodecFor on the server): A-law for A-law sets, else μ-law. */
export const phoneLawOf = (formatId: string) => (formatId === "alaw_8000" ? "A-law" : "μ-law");

/**
 * One shared <audio> element for a set's rows: a second Play stops the first. "Original" plays
 * the prompt as stored (headerless formats decoded to WAV in the browser, as the studio's
 * player does); "phone" plays /studio/audio/<sha256>/phone, the prompt through G.711 and back.
 */
export function usePromptAudio(formatId: string) {
  const element = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const objectUrl = useRef<string | null>(null);

  useEffect(() => {
    const audio = element.current;
    if (!audio) return;
    const unfollow = followPlayback(audio, {
      playing: () => setPlaying((p) => (p ? { ...p, status: "playing" } : p)),
      ended: () => setPlaying(null),
      error: () => setPlaying((p) => (p ? { ...p, status: "error", error: "The audio could not be played." } : p)),
    });
    return () => {
      unfollow();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    };
  }, []);

  const stop = useCallback(() => {
    element.current?.pause();
    setPlaying(null);
  }, []);

  const play = useCallback(
    async (prompt: { id: string; name: string; sha256: string }, mode: PlayMode) => {
      const audio = element.current;
      if (!audio) return;
      if (playing && playing.promptId === prompt.id && playing.mode === mode && playing.status !== "error")
        return stop();
      setPlaying({ promptId: prompt.id, name: prompt.name, mode, status: "loading" });
      try {
        let src = mode === "phone" ? `/studio/audio/${prompt.sha256}/phone` : `/studio/audio/${prompt.sha256}`;
        if (mode === "original" && getOutputFormat(formatId).encoding.container === "raw") {
          // Browsers cannot play headerless audio: decode it here, as the studio's player does.
          const res = await fetch(src);
          if (!res.ok)
            throw new Error(
              res.status === 404
                ? "This prompt's audio is no longer stored."
                : `The audio could not be loaded (HTTP ${res.status}).`,
            );
          const playable = toPlayableAudio(formatId, new Uint8Array(await res.arrayBuffer()));
          if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
          // Cast: TypeScript's Uint8Array<ArrayBufferLike> may be shared memory, which Blob refuses; these bytes never are.
          objectUrl.current = URL.createObjectURL(
            new Blob([playable.bytes as BlobPart], { type: playable.contentType }),
          );
          src = objectUrl.current;
        }
        audio.src = src;
        await audio.play();
      } catch (error) {
        // A newer click replaced this one before it started: not a failure.
        if (error instanceof DOMException && error.name === "AbortError") return;
        const message =
          error instanceof Error && !(error instanceof DOMException) ? error.message : "The audio could not be played.";
        setPlaying((p) =>
          p?.promptId === prompt.id && p.mode === mode ? { ...p, status: "error", error: message } : p,
        );
      }
    },
    [formatId, playing, stop],
  );

  return { element, playing, play, stop };
}

"use client";

import { useEffect, useRef, useState } from "react";
import type { Voice } from "@/lib/voice/schemas";
import { followPlayback } from "./playback-events";

export type PreviewStatus = "loading" | "playing" | "error";

/**
 * One shared player for the voices' previews: starting another preview stops the last one.
 * Returns the element to render, which voice plays, a toggle, and what a screen reader hears.
 */
export function useVoicePreview(voices: Voice[]) {
  const audio = useRef<HTMLAudioElement>(null);
  const [preview, setPreview] = useState<{ voiceId: string; status: PreviewStatus } | null>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    return followPlayback(element, {
      playing: () => setPreview((p) => (p ? { ...p, status: "playing" } : p)),
      ended: () => setPreview(null),
      error: () => setPreview((p) => (p ? { ...p, status: "error" } : p)),
    });
  }, []);

  function toggle(voice: Voice) {
    const element = audio.current;
    if (!element || !voice.preview_url) return;
    if (preview?.voiceId === voice.id && preview.status !== "error") {
      element.pause();
      setPreview(null);
      return;
    }
    setPreview({ voiceId: voice.id, status: "loading" });
    element.src = voice.preview_url;
    element.play().catch((reason: unknown) => {
      // A newer click replaced this preview before it started: not a failure.
      if (reason instanceof DOMException && reason.name === "AbortError") return;
      setPreview((p) => (p?.voiceId === voice.id ? { ...p, status: "error" } : p));
    });
  }

  const previewVoice = preview ? voices.find((v) => v.id === preview.voiceId) : undefined;
  const message =
    !preview || !previewVoice
      ? ""
      : preview.status === "loading"
        ? `Loading the preview of ${previewVoice.name}…`
        : preview.status === "playing"
          ? `Playing the preview of ${previewVoice.name}.`
          : `The preview of ${previewVoice.name} could not be played.`;

  const statusOf = (voiceId: string): PreviewStatus | null => (preview?.voiceId === voiceId ? preview.status : null);
  return { audio, statusOf, toggle, message };
}

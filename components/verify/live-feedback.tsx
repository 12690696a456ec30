"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import {
  FRAME_SIDE,
  frameStatistics,
  greyFromRgba,
  judgeFrame,
  type FrameQuality,
} from "@/lib/verification/methods/face/frame-quality";
import { liveFeedback, type Feedback, type FeedbackItem } from "@/lib/verification/methods/face/live-feedback";
import { liveCheckOf, type LiveCheck } from "@/lib/verification/methods/face/types";
import { isRecord } from "@/lib/platform/narrow";

// Live feedback while the selfie camera is open: about once a second the page measures the light
// and focus of the middle of the frame itself, and (with the built-in check) sends a 320 px frame
// to the session's live-check route, which answers whether a face is found, one face only, at a
// good distance and facing the camera. It never blocks the "Take photo" button.

const TICK_MS = 1000;
/** The frame sent to the server's live check: small, so it is quick to send and to judge. */
const CHECK_WIDTH = 320;
/** A server answer older than this (busy ticks, a slow network) no longer describes the picture. */
const STALE_MS = 3500;
/** Screen readers hear a message once it has held this many ticks (no chatter while it flickers). */
const STABLE_TICKS = 2;

type ServerState = { check: LiveCheck; at: number } | null;

function measureMiddle(frame: HTMLCanvasElement, square: HTMLCanvasElement): FrameQuality {
  // The middle of the picture, where the guide puts the face: a square of 60% of the short side.
  const side = Math.round(Math.min(frame.width, frame.height) * 0.6);
  const context = square.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(
    frame,
    (frame.width - side) / 2,
    (frame.height - side) / 2,
    side,
    side,
    0,
    0,
    FRAME_SIDE,
    FRAME_SIDE,
  );
  const rgba = context.getImageData(0, 0, FRAME_SIDE, FRAME_SIDE).data;
  return judgeFrame(frameStatistics(greyFromRgba(rgba)));
}

/**
 * Feedback for the camera view while `active`: checks and one sentence, plus the sentence screen
 * readers should hear (it changes only when the advice does and has held for two ticks).
 */
export function useLiveFeedback(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { active: boolean; checkUrl?: string },
) {
  const { active, checkUrl } = options;
  const [frame, setFrame] = useState<FrameQuality | null>(null);
  const [server, setServer] = useState<ServerState>(null);
  const [serverOn, setServerOn] = useState(Boolean(checkUrl));
  const [now, setNow] = useState(0);
  const [announcement, setAnnouncement] = useState<Feedback["message"] | null>(null);
  const t = useTranslations("feedback");

  useEffect(() => {
    if (!active) return;
    const frameCanvas = document.createElement("canvas");
    const square = document.createElement("canvas");
    square.width = square.height = FRAME_SIDE;
    const abort = new AbortController();
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function send(blob: Blob) {
      inFlight = true;
      try {
        const response = await fetch(checkUrl!, {
          method: "POST",
          headers: { "content-type": "image/jpeg" },
          body: blob,
          signal: abort.signal,
          cache: "no-store",
        });
        const body: unknown = await response.json().catch(() => null);
        const check = liveCheckOf(body);
        if (response.ok && check) {
          setServer({ check, at: Date.now() });
        } else if (response.status === 429 && isRecord(body) && body.limit === "per_second") {
          // Another tab of this session is checking too: skip this tick.
        } else if (!response.ok) {
          // Budget spent, session moved on, or not ours: no more face feedback; light and focus go on.
          setServerOn(false);
          setServer(null);
        }
        // "busy": no feedback this tick; the last answer stands until it goes stale.
      } catch {
        // Offline or aborted: try again next tick.
      } finally {
        inFlight = false;
      }
    }

    function tick() {
      const video = videoRef.current;
      if (video && video.readyState >= 2 && video.videoWidth > 0) {
        frameCanvas.width = CHECK_WIDTH;
        frameCanvas.height = Math.round((CHECK_WIDTH * video.videoHeight) / video.videoWidth);
        frameCanvas.getContext("2d")!.drawImage(video, 0, 0, frameCanvas.width, frameCanvas.height);
        setFrame(measureMiddle(frameCanvas, square));
        if (checkUrl && serverOn && !inFlight) {
          inFlight = true;
          frameCanvas.toBlob((blob) => (blob ? void send(blob) : (inFlight = false)), "image/jpeg", 0.7);
        }
      }
      setNow(Date.now());
      timer = setTimeout(tick, TICK_MS);
    }
    timer = setTimeout(tick, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
      // A later opening of the camera starts from nothing known.
      setFrame(null);
      setServer(null);
      setAnnouncement(null);
    };
  }, [active, checkUrl, serverOn, videoRef]);

  const fresh = server && now - server.at <= STALE_MS ? server.check : null;
  const feedback: Feedback = liveFeedback({ frame, server: checkUrl && serverOn ? fresh : undefined });

  // Announce a new sentence once it has held for STABLE_TICKS ticks.
  const stable = useRef<{ message: Feedback["message"] | null; ticks: number }>({ message: null, ticks: 0 });
  useEffect(() => {
    if (!active || now === 0) return;
    const s = stable.current;
    if (s.message === feedback.message) s.ticks++;
    else stable.current = { message: feedback.message, ticks: 1 };
    if (stable.current.ticks >= STABLE_TICKS) setAnnouncement(feedback.message);
  }, [active, now, feedback.message]);

  return { feedback, announcement: active && announcement ? t(announcement) : "" };
}

function StateIcon({ state }: { state: FeedbackItem["state"] }) {
  if (state === "ok") {
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0 text-emerald-700">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path
          d="M5.5 10.5l3 3 6-7"
          fill="none"
          stroke="white"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
  }
  if (state === "fix") {
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0 text-amber-600">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5v6" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="10" cy="14.5" r="1.3" fill="white" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0 text-slate-400">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 3" />
    </svg>
  );
}

/** The checks under the camera view, in words (colour and icon only repeat them). */
export function FeedbackList({ items }: { items: FeedbackItem[] }) {
  const t = useTranslations("capture");
  const say = useTranslations("feedback");
  return (
    <ul aria-label={t("photoChecks")} className="mt-3 grid grid-cols-2 gap-2" data-testid="live-feedback">
      {items.map((item) => (
        <li
          key={item.key}
          data-state={item.state}
          className={`flex min-h-11 items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm ${
            item.state === "ok"
              ? "border-emerald-300 bg-emerald-50 text-emerald-950"
              : item.state === "fix"
                ? "border-amber-300 bg-amber-50 text-amber-950"
                : "border-slate-200 bg-slate-50 text-slate-700"
          }`}
        >
          <StateIcon state={item.state} />
          <span>
            <span className="sr-only">{say(item.label)}: </span>
            {say(item.detail)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The face guide drawn over the camera view: the picture outside an oval is dimmed, the oval's
 * outline turns solid green when every check passes; the advice sits in a band at the bottom.
 * Decoration for sighted users: the same advice is in the list and the live region.
 */
export function FaceGuideOverlay({ ready, message }: { ready: boolean; message: Feedback["message"] }) {
  const t = useTranslations("capture");
  const say = useTranslations("feedback");
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0" data-testid="face-guide">
      <div className="absolute inset-0 flex items-center justify-center pb-8">
        <div
          className={`aspect-[3/4] h-[74%] rounded-[50%] border-4 shadow-[0_0_0_100vmax_rgba(15,23,42,0.55)] transition-colors ${
            ready ? "border-solid border-emerald-400" : "border-dashed border-white/90"
          }`}
        />
      </div>
      <p className="absolute inset-x-0 top-2 text-center">
        <span className="rounded-full bg-slate-950/70 px-3 py-1 text-sm font-medium text-white">{t("faceOval")}</span>
      </p>
      <p
        className={`absolute inset-x-2 bottom-2 rounded-md px-3 py-1.5 text-center text-sm font-semibold ${
          ready ? "bg-emerald-700 text-white" : "bg-white/95 text-slate-900"
        }`}
      >
        {say(message)}
      </p>
    </div>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { DocumentGuideHint, DocumentGuideOverlay } from "@/components/verify/document-guide";
import { FaceGuideOverlay, FeedbackList, useLiveFeedback } from "@/components/verify/live-feedback";
import { primaryButton, readyButton, secondaryButton } from "@/components/verify/styles";

type Phase = "choose" | "starting" | "camera" | "review" | "sending";

// Large enough for a provider to read a face or a document, small enough to upload quickly on a
// phone connection; re-encoding also drops the photo's EXIF data (location, device).
const MAX_EDGE = 1600;

const noSubscription = () => () => {};
const hasCameraApi = () => Boolean(navigator.mediaDevices?.getUserMedia);

/** Whether this browser has a camera API; known only in the browser (the server render assumes none). */
export function useCameraSupported(): boolean {
  return useSyncExternalStore(noSubscription, hasCameraApi, () => false);
}

async function toJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, MAX_EDGE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), "image/jpeg", 0.9),
  );
}

/**
 * Live photo evidence: a camera frame (getUserMedia), or an uploaded photo when the camera is
 * missing, refused or not wanted. The photo is sent once to the server, which passes it to the
 * provider and keeps nothing.
 */
export function ImageCapture(props: {
  uploadUrl: string;
  expectedIndex: number;
  facing: "user" | "environment";
  cameraLabel: string;
  photoAlt: string;
  /**
   * Selfies: an oval guide over a mirrored preview and live feedback (light and focus measured
   * here; face, distance and angle from the session's live check at checkUrl, when given).
   */
  faceGuide?: { checkUrl?: string };
  /** Documents: a card-shaped guide over the preview. */
  documentGuide?: boolean;
  /** Keeps the photo instead of sending it (the document photo, sent later with the selfie). */
  onCaptured?: (photo: Blob) => void;
  /** Sent with the photo, which then goes as `photoField` (the selfie after a document photo). */
  attach?: { photoField: string; files: Record<string, Blob> };
  /** The review's send button (default "Use this photo"). */
  sendLabel?: string;
  /** After "no clear result": the next method's button, next to "Try again". */
  alternative?: React.ReactNode;
  /**
   * A refused photo that is about another photo than this one (the document, when this is the
   * selfie sent with it): the parent shows it there. True when it took the refusal over.
   */
  onRefusedElsewhere?: (about: string, message: string) => boolean;
  /** A refusal to show from the start (this photo, refused while another was being taken). */
  initialError?: string;
  /** The camera button after a refused photo (default "Take another photo"). */
  retakeLabel?: string;
}) {
  const router = useRouter();
  const { initialError } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>("choose");
  // Known only in the browser; the server render (and hydration) assume no camera.
  const cameraSupported = useCameraSupported();
  // After a refused or missing camera, the upload button is the way forward: focus goes there.
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  // Where the last photo came from: after a refusal, the main action is to get another the same way.
  const [source, setSource] = useState<"camera" | "file" | null>(null);
  const [refused, setRefused] = useState(Boolean(props.initialError));
  // The last try gave no clear result (face estimation): "Try again", with the next method beside it.
  const [noClearResult, setNoClearResult] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string } | null>(
    props.initialError ? { kind: "error", text: props.initialError } : null,
  );
  const live = useLiveFeedback(videoRef, {
    active: Boolean(props.faceGuide) && phase === "camera",
    checkUrl: props.faceGuide?.checkUrl,
  });
  const guided = Boolean(props.faceGuide);
  const ready = guided && phase === "camera" && live.feedback.ready;

  // Each phase swaps the buttons; keep keyboard focus on the control that now matters.
  const containerRef = useRef<HTMLDivElement>(null);
  const cameraViewRef = useRef<HTMLDivElement>(null);
  const firstPhase = useRef(true);
  useEffect(() => {
    if (firstPhase.current) {
      firstPhase.current = false;
      // Mounted with a refusal (the document, after its selfie was sent): its retake has focus.
      if (initialError) containerRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return;
    }
    const target = containerRef.current?.querySelector<HTMLElement>("[data-autofocus]");
    if (phase === "camera" || phase === "starting") {
      // Show the whole camera view (the guide, the checks and the button below them), not just
      // the scrolled-to button with the face cut off above it.
      target?.focus({ preventScroll: true });
      cameraViewRef.current?.scrollIntoView({ block: "start" });
    } else {
      target?.focus();
    }
  }, [phase, initialError]);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);
  useEffect(() => stopCamera, [stopCamera]);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  function keep(blob: Blob, from: "camera" | "file") {
    setPhoto({ blob, url: URL.createObjectURL(blob) });
    setSource(from);
    setRefused(false);
    setNoClearResult(false);
    setPhase("review");
  }

  async function startCamera() {
    setMessage(null);
    setPhase("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: props.facing, width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      });
      streamRef.current = stream;
      setPhase("camera");
      requestAnimationFrame(() => {
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : "";
      setCameraFailed(true);
      setPhase("choose");
      setMessage({
        kind: "error",
        text:
          name === "NotAllowedError" || name === "SecurityError"
            ? "Camera access was refused. You can upload a photo instead."
            : "We couldn't find a camera we can use. You can upload a photo instead.",
      });
    }
  }

  async function takePhoto() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const blob = await toJpeg(video, video.videoWidth, video.videoHeight);
    stopCamera();
    keep(blob, "camera");
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setMessage(null);
    try {
      const bitmap = await createImageBitmap(file);
      keep(await toJpeg(bitmap, bitmap.width, bitmap.height), "file");
      bitmap.close();
    } catch {
      // A format this browser cannot decode: send it as is and let the server judge it.
      keep(file, "file");
    }
  }

  async function send() {
    if (!photo) return;
    if (props.onCaptured) {
      props.onCaptured(photo.blob);
      return;
    }
    setPhase("sending");
    setMessage({ kind: "info", text: "Checking your photo…" });
    const form = new FormData();
    form.set("expected_index", String(props.expectedIndex));
    for (const [name, blob] of Object.entries(props.attach?.files ?? {})) form.set(name, blob, `${name}.jpg`);
    form.set(props.attach?.photoField ?? "image", photo.blob, "photo.jpg");
    try {
      const response = await fetch(props.uploadUrl, { method: "POST", body: form });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as {
          error?: string;
          about?: string;
          no_clear_result?: boolean;
        } | null;
        const text = body?.error ?? "Something went wrong. Please try again.";
        if (response.status === 422 && body?.about && props.onRefusedElsewhere?.(body.about, text)) return;
        setNoClearResult(response.status === 422 && Boolean(body?.no_clear_result));
        // 400, 422, 429: this photo will not do (or no more photos now). It is cleared, and the
        // main action becomes getting another. 409, 502, 503: the photo was fine, the check was
        // not; it stays, to send again.
        if (response.status === 400 || response.status === 422 || response.status === 429) {
          setPhoto(null);
          setRefused(true);
          setPhase("choose");
        } else {
          setPhase("review");
        }
        setMessage({ kind: "error", text });
        return;
      }
      router.refresh();
    } catch {
      setPhase("review");
      setMessage({ kind: "error", text: "We couldn't send your photo. Check your connection and try again." });
    }
  }

  function retake() {
    setPhoto(null);
    setMessage(null);
    setRefused(false);
    setNoClearResult(false);
    setPhase("choose");
  }

  // The main action: uploading after a refused or missing camera, or when the refused photo was a
  // file; the camera otherwise.
  const uploadFirst = !cameraSupported || cameraFailed || (refused && source === "file");
  const cameraButton = (
    <button
      type="button"
      data-autofocus={uploadFirst ? undefined : true}
      className={uploadFirst ? secondaryButton : primaryButton}
      onClick={startCamera}
    >
      {cameraFailed
        ? "Try the camera again"
        : noClearResult
          ? uploadFirst
            ? "Take a photo with the camera"
            : "Try again"
          : refused
            ? (props.retakeLabel ?? "Take another photo")
            : props.cameraLabel}
    </button>
  );
  const errorNote = (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
      data-testid="photo-error"
    >
      {message?.text}
    </p>
  );

  return (
    <div className="mt-5" ref={containerRef}>
      <noscript>
        <p className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm">
          Taking or uploading a photo needs JavaScript. Please turn it on and reload this page.
        </p>
      </noscript>

      {phase === "camera" || phase === "starting" ? (
        <div ref={cameraViewRef} className="scroll-mt-2">
          <div
            className={`relative overflow-hidden rounded-lg bg-slate-900 ${guided ? "aspect-[4/5] sm:aspect-[4/3]" : "aspect-[4/3]"}`}
          >
            <video
              ref={videoRef}
              playsInline
              muted
              aria-label="Camera preview"
              // A selfie preview is mirrored, as in a mirror (moving left moves left); the photo is not.
              className={`absolute inset-0 h-full w-full object-cover ${guided ? "-scale-x-100" : ""}`}
            />
            {guided && phase === "camera" ? <FaceGuideOverlay ready={ready} message={live.feedback.message} /> : null}
            {props.documentGuide && phase === "camera" ? <DocumentGuideOverlay /> : null}
          </div>
          {props.documentGuide && phase === "camera" ? <DocumentGuideHint /> : null}
          {guided && phase === "camera" ? (
            <>
              <FeedbackList items={live.feedback.items} />
              {/* Polite, and only when the advice changes and holds: not every second. */}
              <p role="status" aria-live="polite" className="sr-only" data-testid="live-announcement">
                {live.announcement}
              </p>
            </>
          ) : null}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            {/* Feedback guides, it never blocks: the photo can be taken at any time. */}
            <button
              type="button"
              data-autofocus
              data-ready={ready ? "true" : undefined}
              className={ready ? readyButton : primaryButton}
              onClick={takePhoto}
              disabled={phase !== "camera"}
            >
              {phase === "starting" ? "Starting camera…" : "Take photo"}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                stopCamera();
                setPhase("choose");
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      {(phase === "review" || phase === "sending") && photo ? (
        <div>
          {message?.kind === "error" ? errorNote : null}
          {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, not an asset */}
          <img
            src={photo.url}
            alt={props.photoAlt}
            className="max-h-80 w-full rounded-lg bg-slate-100 object-contain"
          />
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              data-autofocus
              className={primaryButton}
              onClick={send}
              disabled={phase === "sending"}
            >
              {phase === "sending" ? "Checking…" : (props.sendLabel ?? "Use this photo")}
            </button>
            <button type="button" className={secondaryButton} onClick={retake} disabled={phase === "sending"}>
              Retake
            </button>
          </div>
        </div>
      ) : null}

      {phase === "choose" ? (
        <>
          {/* A refused photo's reason sits right above the action that replaces it. */}
          {message?.kind === "error" ? errorNote : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* The main action comes first, in the DOM as on screen. */}
            {cameraSupported && !uploadFirst ? cameraButton : null}
            <button
              type="button"
              data-autofocus={uploadFirst ? true : undefined}
              className={uploadFirst ? primaryButton : secondaryButton}
              onClick={() => fileRef.current?.click()}
            >
              {noClearResult && uploadFirst
                ? "Try again with another photo"
                : refused
                  ? "Choose another photo"
                  : `Upload a photo${cameraSupported && !cameraFailed ? " instead" : ""}`}
            </button>
            {cameraSupported && uploadFirst ? cameraButton : null}
            {noClearResult ? props.alternative : null}
          </div>
        </>
      ) : null}
      <input
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-upload"
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />

      <p
        role="status"
        className={
          message?.kind === "info"
            ? "mt-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
            : "sr-only"
        }
      >
        {message?.kind === "info" ? message.text : ""}
      </p>
      {message?.kind === "error" && phase !== "choose" && phase !== "review" ? errorNote : null}
    </div>
  );
}

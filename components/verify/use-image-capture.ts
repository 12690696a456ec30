"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { toJpeg, type CaptureOptions } from "@/components/verify/camera-photo";
import type { CapturePhase } from "@/components/verify/capture-phase";
import { useCaptureFocus } from "@/components/verify/use-capture-focus";

type RefusalBody = { error?: string; about?: string; no_clear_result?: boolean } | null;

/**
 * The state of a photo capture: a camera frame (getUserMedia), or an uploaded photo when the
 * camera is missing, refused or not wanted. The photo is sent once to the server, which passes it
 * to the provider and keeps nothing.
 */
export function useImageCapture(options: CaptureOptions) {
  const t = useTranslations("capture");
  const router = useRouter();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<CapturePhase>("choose");
  // After a refused or missing camera, the upload button is the way forward: focus goes there.
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  // Where the last photo came from: after a refusal, the main action is to get another the same way.
  const [source, setSource] = useState<"camera" | "file" | null>(null);
  const [refused, setRefused] = useState(Boolean(options.initialError));
  // The last try gave no clear result (face estimation): "Try again", with the next method beside it.
  const [noClearResult, setNoClearResult] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string } | null>(
    options.initialError ? { kind: "error", text: options.initialError } : null,
  );
  const focus = useCaptureFocus(phase, options.initialError);

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
        video: { facingMode: options.facing, width: { ideal: 1280 }, height: { ideal: 960 } },
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
      const deniedAccess = name === "NotAllowedError" || name === "SecurityError";
      setMessage({ kind: "error", text: deniedAccess ? t("cameraRefused") : t("noCamera") });
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

  function refusedWith(status: number, body: RefusalBody) {
    const text = body?.error ?? t("somethingWrong");
    if (status === 422 && body?.about && options.onRefusedElsewhere?.(body.about, text)) return;
    setNoClearResult(status === 422 && Boolean(body?.no_clear_result));
    // 400, 422, 429: this photo will not do (or no more photos now). It is cleared, and the main
    // action becomes getting another. 409, 502, 503: the photo was fine, the check was not; it
    // stays, to send again.
    const photoRefused = status === 400 || status === 422 || status === 429;
    if (photoRefused) setPhoto(null);
    setRefused(photoRefused);
    setPhase(photoRefused ? "choose" : "review");
    setMessage({ kind: "error", text });
  }

  async function send() {
    if (!photo) return;
    if (options.onCaptured) return options.onCaptured(photo.blob);
    setPhase("sending");
    setMessage({ kind: "info", text: t("checkingPhoto") });
    const form = new FormData();
    form.set("expected_index", String(options.expectedIndex));
    for (const [name, blob] of Object.entries(options.attach?.files ?? {})) form.set(name, blob, `${name}.jpg`);
    form.set(options.attach?.photoField ?? "image", photo.blob, "photo.jpg");
    try {
      const response = await fetch(options.uploadUrl, { method: "POST", body: form });
      if (!response.ok) return refusedWith(response.status, await response.json().catch(() => null));
      router.refresh();
    } catch {
      setPhase("review");
      setMessage({ kind: "error", text: t("sendFailed") });
    }
  }

  function retake() {
    setPhoto(null);
    setMessage(null);
    setRefused(false);
    setNoClearResult(false);
    setPhase("choose");
  }

  function cancelCamera() {
    stopCamera();
    setPhase("choose");
  }

  return {
    ...{ phase, photo, source, refused, noClearResult, message, cameraFailed, videoRef, ...focus },
    ...{ startCamera, takePhoto, onFile, send, retake, cancelCamera },
  };
}

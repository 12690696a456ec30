"use client";
import { useTranslations } from "next-intl";
import type { RefObject } from "react";
import { DocumentGuideHint, DocumentGuideOverlay } from "@/components/verify/document-guide";
import { FaceGuideOverlay, FeedbackList } from "@/components/verify/live-feedback";
import { primaryButton, readyButton, secondaryButton } from "@/components/verify/styles";
import type { Feedback } from "@/lib/verification/methods/face/live-feedback";

/** The camera preview with its guide, the live checks (selfies), and "Take photo" / "Cancel". */
export function CameraView({
  viewRef,
  videoRef,
  ...props
}: {
  viewRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  starting: boolean;
  guided: boolean;
  documentGuide?: boolean;
  feedback: Feedback;
  announcement: string;
  ready: boolean;
  onTake: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("capture");
  const live = !props.starting;
  return (
    <div ref={viewRef} className="scroll-mt-2">
      <div
        className={`relative overflow-hidden rounded-lg bg-slate-900 ${props.guided ? "aspect-[4/5] sm:aspect-[4/3]" : "aspect-[4/3]"}`}
      >
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label={t("preview")}
          // A selfie preview is mirrored, as in a mirror (moving left moves left); the photo is not.
          // The picture is never flipped for right-to-left languages: it is a camera, not text.
          className={`absolute inset-0 h-full w-full object-cover ${props.guided ? "-scale-x-100" : ""}`}
        />
        {props.guided && live ? <FaceGuideOverlay ready={props.ready} message={props.feedback.message} /> : null}
        {props.documentGuide && live ? <DocumentGuideOverlay /> : null}
      </div>
      {props.documentGuide && live ? <DocumentGuideHint /> : null}
      {props.guided && live ? (
        <>
          <FeedbackList items={props.feedback.items} />
          {/* Polite, and only when the advice changes and holds: not every second. */}
          <p role="status" aria-live="polite" className="sr-only" data-testid="live-announcement">
            {props.announcement}
          </p>
        </>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {/* Feedback guides, it never blocks: the photo can be taken at any time. */}
        <button
          type="button"
          data-autofocus
          data-ready={props.ready ? "true" : undefined}
          className={props.ready ? readyButton : primaryButton}
          onClick={props.onTake}
          disabled={!live}
        >
          {props.starting ? t("startingCamera") : t("takePhoto")}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}

/** The photo just taken or chosen, with "Use this photo" and "Retake". */
export function ReviewView(props: {
  url: string;
  alt: string;
  sending: boolean;
  sendLabel?: string;
  error: React.ReactNode;
  onSend: () => void;
  onRetake: () => void;
}) {
  const t = useTranslations("capture");
  return (
    <div>
      {props.error}
      {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, not an asset */}
      <img src={props.url} alt={props.alt} className="max-h-80 w-full rounded-lg bg-slate-100 object-contain" />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button type="button" data-autofocus className={primaryButton} onClick={props.onSend} disabled={props.sending}>
          {props.sending ? t("checking") : (props.sendLabel ?? t("usePhoto"))}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onRetake} disabled={props.sending}>
          {t("retake")}
        </button>
      </div>
    </div>
  );
}

/** Before a photo: the main action first (camera or upload), the other next to it. */
export function ChooseView(props: {
  error: React.ReactNode;
  /** Null where the browser has no camera API. */
  cameraButton: React.ReactNode;
  uploadFirst: boolean;
  uploadLabel: string;
  onUpload: () => void;
  alternative: React.ReactNode;
}) {
  return (
    <>
      {/* A refused photo's reason sits right above the action that replaces it. */}
      {props.error}
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* The main action comes first, in the DOM as on screen. */}
        {props.uploadFirst ? null : props.cameraButton}
        <button
          type="button"
          data-autofocus={props.uploadFirst ? true : undefined}
          className={props.uploadFirst ? primaryButton : secondaryButton}
          onClick={props.onUpload}
        >
          {props.uploadLabel}
        </button>
        {props.uploadFirst ? props.cameraButton : null}
        {props.alternative}
      </div>
    </>
  );
}

/** Why the last photo or camera did not work, read out as it appears. */
export function PhotoError({ text }: { text?: string }) {
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
      data-testid="photo-error"
    >
      {text}
    </p>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { useCameraSupported, type CaptureOptions } from "@/components/verify/camera-photo";
import { CameraView, ChooseView, PhotoError, ReviewView } from "@/components/verify/image-capture-views";
import { useLiveFeedback } from "@/components/verify/live-feedback";
import { primaryButton, secondaryButton } from "@/components/verify/styles";
import { useImageCapture } from "@/components/verify/use-image-capture";

/**
 * Live photo evidence: a camera frame, or an uploaded photo when the camera is missing, refused
 * or not wanted (the state is useImageCapture's; this lays it out).
 */
export function ImageCapture(
  props: CaptureOptions & {
    cameraLabel: string;
    photoAlt: string;
    /**
     * Selfies: an oval guide over a mirrored preview and live feedback (light and focus measured
     * here; face, distance and angle from the session's live check at checkUrl, when given).
     */
    faceGuide?: { checkUrl?: string };
    /** Documents: a card-shaped guide over the preview. */
    documentGuide?: boolean;
    /** The review's send button (default "Use this photo"). */
    sendLabel?: string;
    /** After "no clear result": the next method's button, next to "Try again". */
    alternative?: React.ReactNode;
    /** The camera button after a refused photo (default "Take another photo"). */
    retakeLabel?: string;
  },
) {
  const t = useTranslations("capture");
  // The refs apart: the compiler's lint reads any object holding a ref as a ref.
  const { containerRef, cameraViewRef, videoRef, ...capture } = useImageCapture(props);
  const { phase, message, refused, noClearResult, cameraFailed } = capture;
  const fileRef = useRef<HTMLInputElement>(null);
  // Known only in the browser; the server render (and hydration) assume no camera.
  const cameraSupported = useCameraSupported();
  const live = useLiveFeedback(videoRef, {
    active: Boolean(props.faceGuide) && phase === "camera",
    checkUrl: props.faceGuide?.checkUrl,
  });
  const guided = Boolean(props.faceGuide);

  // The main action: uploading after a refused or missing camera, or when the refused photo was a
  // file; the camera otherwise.
  const uploadFirst = !cameraSupported || cameraFailed || (refused && capture.source === "file");
  const cameraButton = (
    <button
      type="button"
      data-autofocus={uploadFirst ? undefined : true}
      className={uploadFirst ? secondaryButton : primaryButton}
      onClick={capture.startCamera}
    >
      {cameraFailed
        ? t("tryCameraAgain")
        : noClearResult
          ? uploadFirst
            ? t("takeWithCamera")
            : t("tryAgain")
          : refused
            ? (props.retakeLabel ?? t("takeAnother"))
            : props.cameraLabel}
    </button>
  );
  const errorNote = <PhotoError text={message?.text} />;

  return (
    <div className="mt-5" ref={containerRef}>
      <noscript>
        <p className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm">{t("needsScript")}</p>
      </noscript>

      {phase === "camera" || phase === "starting" ? (
        <CameraView
          viewRef={cameraViewRef}
          videoRef={videoRef}
          starting={phase === "starting"}
          guided={guided}
          documentGuide={props.documentGuide}
          feedback={live.feedback}
          announcement={live.announcement}
          ready={guided && phase === "camera" && live.feedback.ready}
          onTake={capture.takePhoto}
          onCancel={capture.cancelCamera}
        />
      ) : null}

      {(phase === "review" || phase === "sending") && capture.photo ? (
        <ReviewView
          url={capture.photo.url}
          alt={props.photoAlt}
          sending={phase === "sending"}
          sendLabel={props.sendLabel}
          error={message?.kind === "error" ? errorNote : null}
          onSend={capture.send}
          onRetake={capture.retake}
        />
      ) : null}

      {phase === "choose" ? (
        <ChooseView
          error={message?.kind === "error" ? errorNote : null}
          cameraButton={cameraSupported ? cameraButton : null}
          uploadFirst={uploadFirst}
          uploadLabel={
            noClearResult && uploadFirst
              ? t("tryAnotherPhoto")
              : refused
                ? t("chooseAnother")
                : t("upload", { instead: cameraSupported && !cameraFailed ? "yes" : "no" })
          }
          onUpload={() => fileRef.current?.click()}
          alternative={noClearResult ? props.alternative : null}
        />
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
          void capture.onFile(event.target.files?.[0]);
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

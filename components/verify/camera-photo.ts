// The browser side of a photo: whether a camera API exists, and re-encoding to a bounded JPEG.
import { useSyncExternalStore } from "react";

// Large enough for a provider to read a face or a document, small enough to upload quickly on a
// phone connection; re-encoding also drops the photo's EXIF data (location, device).
const MAX_EDGE = 1600;

const noSubscription = () => () => {};
const hasCameraApi = () => Boolean(navigator.mediaDevices?.getUserMedia);

/** Whether this browser has a camera API; known only in the browser (the server render assumes none). */
export function useCameraSupported(): boolean {
  return useSyncExternalStore(noSubscription, hasCameraApi, () => false);
}

export async function toJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, MAX_EDGE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), "image/jpeg", 0.9),
  );
}

/** What a capture does with its photo (useImageCapture's options). */
export type CaptureOptions = {
  uploadUrl: string;
  expectedIndex: number;
  facing: "user" | "environment";
  /** Keeps the photo instead of sending it (the document photo, sent later with the selfie). */
  onCaptured?: (photo: Blob) => void;
  /** Sent with the photo, which then goes as `photoField` (the selfie after a document photo). */
  attach?: { photoField: string; files: Record<string, Blob> };
  /**
   * A refused photo that is about another photo than this one (the document, when this is the
   * selfie sent with it): the parent shows it there. True when it took the refusal over.
   */
  onRefusedElsewhere?: (about: string, message: string) => boolean;
  /** A refusal to show from the start (this photo, refused while another was being taken). */
  initialError?: string;
};

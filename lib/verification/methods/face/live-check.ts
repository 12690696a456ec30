import {
  LIVE_CHECK_MESSAGES,
  type FaceAnalysis,
  type LiveCheck,
  type LiveCheckReason,
} from "@/lib/verification/methods/face/types";

/**
 * A face this large fills the guide and more: its edges (chin, forehead) are about to leave the
 * picture. Box fractions of the frame; the evaluation set's ordinary photos measure 0.35 to 0.6.
 */
const TOO_CLOSE = { maxWidth: 0.7, maxHeight: 0.85 } as const;

const retake = (reason: LiveCheckReason): LiveCheck => ({
  check: "retake",
  reason,
  message: LIVE_CHECK_MESSAGES[reason],
});

/**
 * What the camera view is told about one frame, from the quality gates' judgement of it
 * (analyzeFace without an age estimate): the gate's reason, or ok. Nothing else leaves: no box,
 * no score, no measurement.
 */
export function liveCheckFrom(analysis: FaceAnalysis): LiveCheck {
  if (analysis.kind === "retake") return retake(analysis.reason);
  // Without an age estimate the anti-spoofing and liveness models do not run, so a frame is never
  // judged a spoof here; if it were, saying so would coach a spoofer: the frame is simply "ok".
  if (analysis.kind === "spoof") return { check: "ok" };
  if (analysis.faceBox.width > TOO_CLOSE.maxWidth || analysis.faceBox.height > TOO_CLOSE.maxHeight)
    return retake("too_close");
  return { check: "ok" };
}

import "server-only";
import { faceEstimator } from "@/lib/verification/methods/face/face-estimator";
import { judgeMeasurements } from "@/lib/verification/methods/face/quality-gates";
import type { FaceAnalysis } from "@/lib/verification/methods/face/types";

/**
 * The built-in check of one photo: quality gates, then (with estimateAge, the default) the
 * anti-spoofing and liveness gate and the age estimate. The bytes stay in memory for the call
 * only; the estimate is for the decision rule, never returned to the integrator or logged.
 */
export async function analyzeFace(
  bytes: Uint8Array,
  options: { estimateAge?: boolean; onlyIfIdle?: boolean } = {},
): Promise<FaceAnalysis> {
  const measurements = await faceEstimator().measure(bytes, options.estimateAge ?? true, {
    onlyIfIdle: options.onlyIfIdle,
  });
  return judgeMeasurements(measurements);
}

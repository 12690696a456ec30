// Which age models the built-in estimator runs, and how their estimates combine. The worker
// (face-worker.mjs) knows how to run each; this names the shipped choice, made on the development
// photos of the exact-age evaluation set (docs/decisions/0021-face-age-refitted-on-the-whole-set.md).
//
// Each model gives one estimate on the face crop and, with `flip`, one on its mirror image; a
// model's estimate is the mean of those. The measured age is the mean of the models' estimates;
// with `calibration`, `intercept + sum of weight x model estimate`, a linear combination fitted on
// the development photos, which can weigh a model that separates ages well above one that does
// not; with `lowest`, the lowest of each model's estimate plus its shift, so that every model must
// clear the rule's threshold on its own (one model's outlier cannot carry a child across).

export const AGE_MODEL_NAMES = ["faceres", "faceres-deep", "gear", "ssrnet", "face-api"] as const;

export type AgeModelName = (typeof AGE_MODEL_NAMES)[number];

export type AgeCalibration = { intercept: number; weights: Partial<Record<AgeModelName, number>> };

/** Each model's shift (years): the measured age is the lowest of each model's estimate plus its shift. */
export type AgeShifts = Partial<Record<AgeModelName, number>>;

export type AgeModelChoice = {
  models: readonly AgeModelName[];
  flip: boolean;
  /** A linear combination of the models' estimates. */
  calibration?: AgeCalibration;
  /**
   * Every model must agree: the measured age is the lowest of the models' shifted estimates, so a
   * face clears a threshold only when each model's own estimate clears the threshold less its shift.
   */
  lowest?: AgeShifts;
};

/**
 * FaceRes-Deep and face-api's age net, each read on the face and its mirror image (the mean of the
 * two), and both must agree: the measured age is the lower of FaceRes-Deep's estimate and
 * face-api's plus 7 years, so face-api vetoes a face it reads as much younger.
 * Chosen in decision 0020 (docs/decisions/0020-face-age-both-must-agree.md) and refitted on all
 * 3,558 evaluation photos in decision 0021 (npm run eval:face;
 * docs/decisions/0021-face-age-refitted-on-the-whole-set.md), after the fresh photos of UTKFace's
 * whole set let minors through under the 0020 fit.
 */
export const SHIPPED_AGE_MODELS: AgeModelChoice = {
  models: ["faceres-deep", "face-api"],
  flip: true,
  lowest: { "faceres-deep": 0, "face-api": 7 },
};

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The measured age from each model's estimates ([crop] or [crop, mirror image]), as the worker
 * combines them; null when a model of the choice has no estimate.
 */
export function combineAgeEstimates(
  ages: Partial<Record<AgeModelName, number[]>>,
  choice: AgeModelChoice,
): number | null {
  const perModel: number[] = [];
  for (const name of choice.models) {
    const estimates = ages[name];
    if (!estimates?.length) return null;
    perModel.push(mean(choice.flip ? estimates : estimates.slice(0, 1)));
  }
  const { calibration, lowest } = choice;
  if (lowest) return Math.min(...choice.models.map((name, i) => perModel[i] + (lowest[name] ?? 0)));
  if (!calibration) return mean(perModel);
  return choice.models.reduce(
    (sum, name, i) => sum + (calibration.weights[name] ?? 0) * perModel[i],
    calibration.intercept,
  );
}

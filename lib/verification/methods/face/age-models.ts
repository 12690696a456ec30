// Which age models the built-in estimator runs, and how their estimates combine. The worker
// (face-worker.mjs) knows how to run each; this names the shipped choice, made on the tuning split
// of the exact-age evaluation set (docs/decisions/0013-face-age-models-and-rule.md).
//
// Each model gives one estimate on the face crop and, with `flip`, one on its mirror image; a
// model's estimate is the mean of those. The measured age is the mean of the models' estimates, or,
// with `calibration`, `intercept + sum of weight x model estimate`: a linear combination fitted on
// the tuning split, which can weigh a model that separates ages well above one that does not.

export const AGE_MODEL_NAMES = ["faceres", "faceres-deep", "gear", "ssrnet"] as const;

export type AgeModelName = (typeof AGE_MODEL_NAMES)[number];

export type AgeCalibration = { intercept: number; weights: Partial<Record<AgeModelName, number>> };

export type AgeModelChoice = { models: readonly AgeModelName[]; flip: boolean; calibration?: AgeCalibration };

/**
 * FaceRes-Deep and GEAR on the face crop (no mirror pass: it would double the inference for no
 * gain on the tuning split within the speed budget), combined by the linear fit of the tuning
 * split's faces aged 10-39 (npm run eval:face prints it). The result is on an age scale only
 * where it was fitted: it shrinks estimates far from 10-39 towards them, which the rule's
 * thresholds (chosen on the same scale) take into account.
 */
export const SHIPPED_AGE_MODELS: AgeModelChoice = {
  models: ["faceres-deep", "gear"],
  flip: false,
  calibration: { intercept: 7.049, weights: { "faceres-deep": 0.542, gear: 0.066 } },
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
  const { calibration } = choice;
  if (!calibration) return mean(perModel);
  return choice.models.reduce(
    (sum, name, i) => sum + (calibration.weights[name] ?? 0) * perModel[i],
    calibration.intercept,
  );
}

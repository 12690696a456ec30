// Which age models the built-in estimator runs, and how their estimates combine. The worker
// (face-worker.mjs) knows how to run each; this names the shipped choice, made on the exact-age
// evaluation set (docs/decisions/0013-face-age-models-and-rule.md). The measured age is the mean
// of every listed model's estimate on the face crop and, with `flip`, on its mirror image.

export const AGE_MODEL_NAMES = ["faceres", "faceres-deep", "gear", "ssrnet"] as const;

export type AgeModelName = (typeof AGE_MODEL_NAMES)[number];

export type AgeModelChoice = { models: readonly AgeModelName[]; flip: boolean };

export const SHIPPED_AGE_MODELS: AgeModelChoice = { models: ["faceres"], flip: false };

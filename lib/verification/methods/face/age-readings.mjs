// How each age model's output becomes an age, as the model's authors read it. Shared by the worker
// (face-worker.mjs) and its tests; plain JavaScript because the worker runs outside the bundle and
// cannot import TypeScript (types in age-readings.d.mts).

/**
 * FaceRes (both variants): 100 age classes, class i is age i + 1; the authors read the two likeliest
 * classes weighted by their probabilities (HSE_FaceRec_tf, age_gender_identity/facial_analysis.py).
 * Human's faceres.ts reads the likeliest class shifted by ten times a neighbour's probability, which
 * ignores a second peak further away (the model has strong ones at 10, 17, 30 and 40).
 * @param {ArrayLike<number>} probabilities
 * @returns {number} years, to a tenth
 */
export function faceresReading(probabilities) {
  let first = 0;
  let second = 1;
  if (probabilities[second] > probabilities[first]) [first, second] = [second, first];
  for (let i = 2; i < probabilities.length; i++) {
    if (probabilities[i] > probabilities[first]) [first, second] = [i, first];
    else if (probabilities[i] > probabilities[second]) second = i;
  }
  const weight = probabilities[first] + probabilities[second];
  const age = 1 + (first * probabilities[first] + second * probabilities[second]) / weight;
  return Math.round(10 * age) / 10;
}

/** GEAR's seven age classes (under 21, 21-25, 26-30, 31-40, 41-50, 51-60, over 60), as Human weighs them. */
const GEAR_AGES = [15, 23, 28, 35.5, 45.5, 55.5, 65];

/**
 * GEAR, read as Human's gear.ts does: start from the likeliest class's age and move towards each
 * other class's age by that class's probability, likeliest first.
 * @param {ArrayLike<number>} distribution
 * @returns {number} years, to a tenth
 */
export function gearReading(distribution) {
  const sorted = Array.from(distribution, (p, i) => [GEAR_AGES[i], p]).sort((a, b) => b[1] - a[1]);
  let age = sorted[0][0];
  for (let i = 1; i < sorted.length; i++) age += sorted[i][1] * (sorted[i][0] - age);
  return Math.round(10 * age) / 10;
}

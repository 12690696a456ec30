import { describe, expect, it } from "vitest";
import { faceresReading, gearReading } from "@/lib/verification/methods/face/age-readings.mjs";

/** 100 FaceRes class probabilities with the given mass at the given ages (class i is age i + 1). */
const faceresOutput = (mass: Record<number, number>) => {
  const probabilities = new Array<number>(100).fill(0);
  for (const [age, p] of Object.entries(mass)) probabilities[Number(age) - 1] = p;
  return probabilities;
};

describe("faceresReading: the authors' top-two reading of FaceRes's 100 age classes", () => {
  it("reads one sure class as its age", () => {
    expect(faceresReading(faceresOutput({ 30: 1 }))).toBe(30);
  });

  it("weighs the two likeliest classes however far apart they are, and ignores the rest", () => {
    // 10 and 17, the model's two strongest peaks for children and teenagers: (10 x 0.5 + 17 x 0.3) / 0.8.
    expect(faceresReading(faceresOutput({ 10: 0.5, 17: 0.3, 30: 0.2 }))).toBe(12.6);
    // The order of the classes in the output does not matter, only their probabilities.
    expect(faceresReading(faceresOutput({ 30: 0.2, 17: 0.3, 10: 0.5 }))).toBe(12.6);
    expect(faceresReading(faceresOutput({ 40: 0.3, 30: 0.4, 70: 0.1, 5: 0.2 }))).toBe(34.3);
  });
});

describe("gearReading: GEAR's seven age classes, as Human reads them", () => {
  it("reads one sure class as that class's age", () => {
    expect(gearReading([1, 0, 0, 0, 0, 0, 0])).toBe(15);
    expect(gearReading([0, 0, 0, 1, 0, 0, 0])).toBe(35.5);
  });

  it("moves from the likeliest class towards the others by their probabilities", () => {
    // 28 + 0.4 x (23 - 28) = 26, then + 0.0 for the rest.
    expect(gearReading([0, 0.4, 0.6, 0, 0, 0, 0])).toBe(26);
  });
});

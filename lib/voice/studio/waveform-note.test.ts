import { describe, expect, it } from "vitest";
import { waveformNote } from "@/lib/voice/studio/waveform-note";

const speech = (n: number) => Array.from({ length: n }, (_, i) => 60 + ((i * 37) % 190));
const silence = (n: number) => new Array<number>(n).fill(2);

describe("waveformNote", () => {
  it("says nothing about an ordinary prompt, short pauses included", () => {
    expect(waveformNote([...silence(1), ...speech(30), ...silence(4), ...speech(28), ...silence(1)], 3200)).toBeNull();
  });

  it("names a long silence at the start, at the end or in the middle, in seconds", () => {
    // 64 buckets over 6.4 s: 100 ms each.
    expect(waveformNote([...silence(8), ...speech(56)], 6400)).toBe("0.8 s of silence at the start");
    expect(waveformNote([...speech(50), ...silence(14)], 6400)).toBe("1.4 s of silence at the end");
    expect(waveformNote([...speech(20), ...silence(20), ...speech(24)], 6400)).toBe("A 2.0 s silence in the middle");
  });

  it("does not mistake a prompt that opens on a loud vowel for a problem", () => {
    expect(waveformNote([255, ...speech(63)], 3000)).toBeNull();
  });

  it("says nothing without an outline", () => {
    expect(waveformNote([], 1000)).toBeNull();
    expect(waveformNote(silence(64), 0)).toBeNull();
  });
});

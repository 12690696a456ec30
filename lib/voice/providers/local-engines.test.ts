import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import {
  createFestivalEngine,
  FESTIVAL_VOICES,
  festivalVoicesIn,
  stopFestivalProcesses,
} from "@/lib/voice/providers/festival-provider";
import { createFliteEngine, FLITE_VOICES, fliteVoicesIn } from "@/lib/voice/providers/flite-provider";
import { CLARITY_ORDER, createLocalProvider, sortByClarity } from "@/lib/voice/providers/local-provider";
import type { LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";

afterAll(() => stopFestivalProcesses());

const seconds = (pcm: { samples: Int16Array; sampleRate: number }) => pcm.samples.length / pcm.sampleRate;

describe("local voice catalogues", () => {
  it("offers the described Festival voices that Festival lists, and no others", () => {
    expect(festivalVoicesIn("(cmu_us_slt_arctic_hts kal_diphone some_unknown_voice)").map((v) => v.id)).toEqual([
      "festivalSlt",
      "festivalKal",
    ]);
    expect(festivalVoicesIn("()")).toEqual([]);
  });

  it("offers the described Flite voices that flite -lv lists, leaving out the 8 kHz and time-only ones", () => {
    expect(fliteVoicesIn("Voices available: kal awb_time kal16 awb rms slt \n").map((v) => v.id)).toEqual([
      "fliteSlt",
      "fliteRms",
      "fliteAwb",
      "fliteKal",
    ]);
  });

  it("gives every voice an id the API accepts, a gender, a language and a description", () => {
    for (const v of [...FESTIVAL_VOICES, ...FLITE_VOICES]) {
      expect(v.id).toMatch(/^[A-Za-z0-9]{8,64}$/);
      expect(v).toMatchObject({ language: "en", languages: ["en"] });
      expect(["male", "female"]).toContain(v.gender);
      expect(v.description!.length).toBeGreaterThan(40);
    }
  });

  it("lists the clearest English voice first and everything unranked by name", () => {
    const entry = (id: string, name: string) => ({ voice: { id, name } });
    const sorted = sortByClarity([
      entry("espeakDe", "German"),
      entry("fliteKal", "Kal"),
      entry("festivalSlt", "Slt"),
      entry("espeakAf", "Afrikaans"),
    ]);
    expect(sorted.map((e) => e.voice.id)).toEqual(["fliteKal", "festivalSlt", "espeakAf", "espeakDe"]);
    expect(CLARITY_ORDER[0]).toBe("fliteRms");
  });
});

describe("installed local voices", async () => {
  const voices = await createLocalProvider().listVoices();
  const festival = execFileSync("text2wave", ["-eval", "(begin (print (voice.list)) (quit))"], {
    input: "",
    encoding: "utf8",
  });

  it("are found at start-up from what is installed, the clearest English voice first", () => {
    expect(festivalVoicesIn(festival).length).toBeGreaterThan(0);
    expect(voices[0]).toMatchObject({ id: "fliteRms", locale: "en-US", gender: "male", category: "flite" });
    expect(voices[0].preview_url).toMatch(/\/voices\/fliteRms\/preview\.mp3$/);
    for (const v of voices)
      expect(Object.keys(v).sort()).toEqual([
        "accent",
        "age",
        "category",
        "description",
        "gender",
        "id",
        "language",
        "languages",
        "locale",
        "name",
        "preview_url",
      ]);
    // eSpeak NG stays for every other language.
    expect(voices.find((v) => v.id === "espeakDe")).toBeDefined();
  });

  const cases: [string, LocalEngine, LocalVoice][] = [
    ["Festival HTS", createFestivalEngine(), FESTIVAL_VOICES[0]],
    ["Festival diphone", createFestivalEngine(), FESTIVAL_VOICES[1]],
    ["Flite", createFliteEngine(), FLITE_VOICES[0]],
  ];
  it.each(cases)(
    "%s speaks at the sample rate it announces, slower at speed 0.7 and faster at 1.2",
    async (_name, engine, voice) => {
      const text = "To speak to an operator, press zero.";
      const [slow, normal, fast] = await Promise.all(
        [0.7, 1, 1.2].map((speed) => engine.synthesize(voice, text, speed)),
      );
      expect(normal.sampleRate).toBe(voice.sampleRate);
      expect(seconds(normal)).toBeGreaterThan(1);
      expect(seconds(slow)).toBeGreaterThan(seconds(normal) * 1.2);
      expect(seconds(fast)).toBeLessThan(seconds(normal) * 0.95);
    },
  );

  it.each(cases)("%s reads a script that looks like an option or Scheme as text", async (_name, engine, voice) => {
    const pcm = await engine.synthesize(voice, '--help (quit) "me"', 1);
    expect(seconds(pcm)).toBeGreaterThan(0.3);
  });
});

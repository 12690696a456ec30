import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { bcp47, parseEspeakVoiceList, previewText } from "@/lib/voice/providers/espeak-voices";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";
import { getOutputFormat } from "@/lib/voice/audio/formats";

const installed = execFileSync("espeak-ng", ["--voices"], { encoding: "utf8" });

describe("the eSpeak NG catalogue", () => {
  const voices = parseEspeakVoiceList(installed);

  it("gives every installed natural-language voice a unique id the API accepts", () => {
    expect(voices.length).toBeGreaterThan(100);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    for (const v of voices) expect(v.id).toMatch(/^[A-Za-z0-9]{8,64}$/);
    // Both Cantonese voices survive although they share the language code "yue".
    expect(
      voices
        .filter((v) => v.locale === "yue")
        .map((v) => v.id)
        .sort(),
    ).toEqual(["espeakYue", "espeakYueLatnJyutping"]);
  });

  it("leaves out constructed and fictional languages", () => {
    const languages = new Set(voices.map((v) => v.language));
    for (const code of ["eo", "jbo", "piqd", "qya", "sjn"]) expect(languages.has(code)).toBe(false);
  });

  it("adds female variants for the major IVR languages", () => {
    const female = voices.find((v) => v.id === "espeakEnUsF3")!;
    expect(female).toMatchObject({
      espeakName: "gmw/en-US+f3",
      gender: "female",
      name: "English (America), female",
      locale: "en-US",
    });
  });

  it("keeps ids stable (they are stored in customers' configurations)", () => {
    const ids = new Set(voices.map((v) => v.id));
    for (const id of ["espeakEnUs", "espeakEnGb", "espeakDe", "espeakFrFr", "espeakEs419", "espeakCmn"])
      expect(ids.has(id)).toBe(true);
  });

  it("reads languages, locales and accents from the listing", () => {
    expect(voices.find((v) => v.id === "espeakCmn")).toMatchObject({ language: "cmn", languages: ["cmn", "zh"] });
    expect(voices.find((v) => v.id === "espeakEnGbXRp")).toMatchObject({
      locale: "en-GB-x-rp",
      accent: "Received Pronunciation",
    });
    expect(bcp47("es-419")).toBe("es-419");
    expect(bcp47("cmn-latn-pinyin")).toBe("cmn-Latn-pinyin");
  });
});

describe("local synthesis", () => {
  it("maps speed to the speaking rate: slower is longer", async () => {
    const provider = createLocalProvider();
    const say = (speed: number) =>
      provider.synthesize({
        text: "To speak to an operator, press zero.",
        voiceId: "espeakEnUs",
        modelId: "tts_multilingual_v2",
        settings: { ...DEFAULT_VOICE_SETTINGS, speed },
        format: getOutputFormat("wav_8000"),
      });
    const [slow, normal, fast] = await Promise.all([say(0.7), say(1), say(1.2)]);
    expect(normal.sampleRate).toBe(22050);
    expect(slow.samples.length).toBeGreaterThan(normal.samples.length * 1.2);
    expect(fast.samples.length).toBeLessThan(normal.samples.length * 0.95);
  });

  it("reads a script that looks like an option as text", async () => {
    const pcm = await createLocalProvider().synthesize({
      text: "--help me",
      voiceId: "espeakEnUs",
      modelId: "tts_multilingual_v2",
      settings: DEFAULT_VOICE_SETTINGS,
      format: getOutputFormat("wav_8000"),
    });
    expect(pcm.samples.length).toBeGreaterThan(22050 * 0.3);
  });

  it("has preview scripts in the voice's language", () => {
    expect(previewText("de")).toMatch(/Anruf/);
    expect(previewText("sw")).toBe("1, 2, 3, 4, 5.");
  });
});

describe("female eSpeak variants", () => {
  it("offers all five female variants for US and British English, f3 alone for the other IVR languages", () => {
    const listing = [
      "Pty Language       Age/Gender VoiceName          File                 Other Languages",
      " 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)",
      " 2  en-gb           --/M      English_(Great_Britain) gmw/en          (en 2)",
      " 5  de              --/M      German             gmw/de",
    ].join("\n");
    const ids = parseEspeakVoiceList(listing).map((v) => v.id);
    for (const variant of ["F1", "F2", "F3", "F4", "F5"]) {
      expect(ids).toContain(`espeakEnUs${variant}`);
      expect(ids).toContain(`espeakEnGb${variant}`);
    }
    expect(ids.filter((id) => id.startsWith("espeakDe"))).toEqual(expect.arrayContaining(["espeakDe", "espeakDeF3"]));
    expect(ids.filter((id) => id.startsWith("espeakDe"))).toHaveLength(2);
    const f1 = parseEspeakVoiceList(listing).find((v) => v.id === "espeakEnUsF1")!;
    expect(f1).toMatchObject({ espeakName: "gmw/en-US+f1", gender: "female" });
  });
});

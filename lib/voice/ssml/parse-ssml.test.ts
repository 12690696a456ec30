import { describe, expect, it } from "vitest";
import { ipaToEspeak, ipaToFestivalSyllables } from "@/lib/voice/ssml/ipa";
import { parseSsml } from "@/lib/voice/ssml/parse-ssml";
import { MarkupError } from "@/lib/voice/ssml/read-xml";
import { sayAsText } from "@/lib/voice/ssml/say-as";
import { speechChunks } from "@/lib/voice/ssml/speech-chunks";
import { buildTtsRequestBodySchema } from "@/lib/voice/schemas";

const failure = (source: string) => {
  try {
    parseSsml(source);
  } catch (error) {
    if (error instanceof MarkupError) return error;
    throw error;
  }
  throw new Error("parsed");
};

describe("parseSsml", () => {
  it("reads the subset into pieces, and counts only the spoken text", () => {
    const { pieces, spoken } = parseSsml(
      `<speak>Welcome to <sub alias="Voice Age">Voiceage</sub>.<break time="500ms"/>` +
        `Call <say-as interpret-as="telephone">0800 123 456</say-as>` +
        `<prosody rate="slow"> now, <emphasis level="strong">please</emphasis></prosody>` +
        `<phoneme alphabet="ipa" ph="ˈvɔɪsɪdʒ">Voiceage</phoneme></speak>`,
    );
    expect(pieces).toEqual([
      { kind: "text", text: "Welcome to ", rate: 1 },
      { kind: "text", text: "Voice Age", rate: 1 },
      { kind: "text", text: ".", rate: 1 },
      { kind: "break", ms: 500 },
      { kind: "text", text: "Call ", rate: 1 },
      { kind: "say-as", interpretAs: "telephone", format: null, text: "0800 123 456", rate: 1 },
      { kind: "text", text: " now, ", rate: 0.8 },
      { kind: "text", text: "please", rate: 0.8 * 0.8 },
      { kind: "phoneme", ipa: "ˈvɔɪsɪdʒ", text: "Voiceage", rate: 1 },
    ]);
    expect(spoken).toBe("Welcome to Voice Age. Call 0800 123 456 now, pleaseVoiceage");
  });

  it("reads break strengths and seconds, entities and character references", () => {
    expect(parseSsml(`<speak>a<break time="1.5s"/>b<break strength="strong"/>c<break/>d</speak>`).pieces).toEqual(
      expect.arrayContaining([
        { kind: "break", ms: 1500 },
        { kind: "break", ms: 750 },
        { kind: "break", ms: 400 },
      ]),
    );
    expect(parseSsml("<speak>Tom &amp; Jerry &#233;</speak>").spoken).toBe("Tom & Jerry é");
  });

  it.each([
    ["<speak><audio src='x.wav'/></speak>", /line 1: unknown tag <audio>/],
    ["<speak>\n\n<p>hi</p></speak>", /line 3: unknown tag <p>/],
    ["<speak>hi", /line 1: .*(unclosed|closed)/i],
    ["<speak>a &ent; b</speak>", /undefined entity/i],
    [
      '<?xml version="1.0"?>\n<!DOCTYPE speak [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<speak>&xxe;</speak>',
      /line 2: a DOCTYPE is not accepted/,
    ],
    ["<speak><break time='20s'/></speak>", /at most 10s/],
    ["<speak><break time='soon'/></speak>", /break time/],
    ["<speak><say-as interpret-as='cardinal'>5</say-as></speak>", /interpret-as> must be one of/],
    ["<speak><say-as interpret-as='digits'><sub alias='x'>y</sub></say-as></speak>", /may hold only text/],
    ["<speak><phoneme ph='ʘa'>click</phoneme></speak>", /unknown IPA symbol "ʘ"/],
    ["<speak><phoneme alphabet='x-sampa' ph='a'>a</phoneme></speak>", /alphabet> must be "ipa"/],
    ["<speak><prosody pitch='high'>x</prosody></speak>", /<prosody> has no attribute "pitch"/],
    ["<speak><prosody rate='500%'>x</prosody></speak>", /prosody rate/],
    ["<speak><speak>x</speak></speak>", /one <speak> element/],
    ["<voice>x</voice>", /unknown tag <voice>/],
    ["hello", /line 1/],
    ["<speak> <break time='1s'/> </speak>", /says nothing/],
  ])("refuses %j naming the line and the reason", (source, reason) => {
    expect(failure(source).message).toMatch(reason);
  });
});

describe("say-as and chunks", () => {
  it("reads digits and phone numbers one by one, characters spelt, dates as the locale writes them", () => {
    const piece = (
      interpretAs: "digits" | "telephone" | "date" | "characters",
      text: string,
      format: string | null = null,
    ) => ({
      kind: "say-as" as const,
      interpretAs,
      format,
      text,
      rate: 1,
    });
    expect(sayAsText(piece("digits", "0800 123 456"), "en-US")).toBe("0 8 0 0, 1 2 3, 4 5 6");
    expect(sayAsText(piece("telephone", "+44 (20) 7946-0018"), "en-GB")).toBe("plus, 4 4, 2 0, 7 9 4 6, 0 0 1 8");
    expect(sayAsText(piece("characters", "ab1"), "en-US")).toBe("A B 1");
    expect(sayAsText(piece("date", "2026-11-27"), "en-US")).toBe("November 27, 2026");
    expect(sayAsText(piece("date", "27/11/2026", "dmy"), "en-GB")).toBe("27 November 2026");
    expect(sayAsText(piece("date", "13/13/2026", "dmy"), "en-GB")).toBe("13/13/2026");
  });

  it("joins speech at one rate, splits at breaks and rate changes, and hands phonemes to the engine", () => {
    const { pieces } = parseSsml(
      `<speak>Hi <phoneme ph="ˈvɔɪsɪdʒ">Voiceage</phoneme>.<break time="300ms"/><break time="200ms"/><prosody rate="fast">Bye</prosody></speak>`,
    );
    expect(speechChunks(pieces, { locale: "en-US", phoneme: ({ ipa }) => ipaToEspeak(ipa) })).toEqual([
      { kind: "speech", text: "Hi [['vOIsIdZ]] .", rate: 1 },
      { kind: "silence", ms: 500 },
      { kind: "speech", text: "Bye", rate: 1.2 },
    ]);
    expect(speechChunks(pieces, { locale: "en-US", phoneme: () => null })[0]).toMatchObject({
      text: "Hi Voiceage .",
    });
  });

  it("maps IPA to Festival's syllables with stress", () => {
    expect(ipaToFestivalSyllables("ˈvɔɪsɪdʒ")).toBe("(((v oy) 1) ((s ih jh) 0))");
    expect(ipaToFestivalSyllables("ʔa")).toBeNull();
  });
});

describe("TtsRequest with text_type ssml", () => {
  const schema = buildTtsRequestBodySchema(20);
  it("counts the spoken text against the limit, not the markup", () => {
    const long = `<speak>${"<break time='10ms'/>".repeat(5)}Press one now.</speak>`;
    expect(schema.safeParse({ text: long, text_type: "ssml", voice_id: "fliteRms" }).success).toBe(true);
    const said = schema.safeParse({
      text: `<speak>${"x".repeat(21)}</speak>`,
      text_type: "ssml",
      voice_id: "fliteRms",
    });
    expect(said.error?.issues[0]).toMatchObject({
      path: ["text"],
      message: expect.stringMatching(/at most 20 characters/),
    });
    // As plain text, the markup counts.
    expect(schema.safeParse({ text: long, voice_id: "fliteRms" }).success).toBe(false);
  });

  it("names the unknown tag", () => {
    const bad = schema.safeParse({ text: "<speak><blink>x</blink></speak>", text_type: "ssml", voice_id: "fliteRms" });
    expect(bad.error?.issues[0].message).toMatch(/is not valid SSML: line 1: unknown tag <blink>/);
  });
});

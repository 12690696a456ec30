// A fake ElevenLabs API on loopback for the provider tests: the real paths, field names
// (snake_case) and error bodies, with behaviour chosen by voice id so tests can run side by side.
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_API_KEY = "xi-test-key";

export const VOICES = {
  rachel: "21m00Tcm4TlvDq8ikWAM",
  bare: "BareVoice00000000001",
  rateLimitedOnce: "RateLimitOnce0000001",
  rateLimitedAlways: "RateLimitAlways00001",
  serverError: "ServerError000000001",
  slow: "SlowVoice00000000001",
  slowBody: "SlowBodyVoice0000001",
  garbage: "GarbageVoice00000001",
  garbageMp3: "GarbageMp3Voice00001",
  empty: "EmptyAudioVoice00001",
} as const;

// What ElevenLabs gates by plan; the fake answers these like a Starter account would.
const PLAN_GATED = new Set(["pcm_44100", "wav_44100", "mp3_44100_192"]);

type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: any;
};

export type FakeElevenLabs = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Status the plan check answers with (the spec says 400; the live API has been seen to send 403). */
  planErrorStatus: number;
  failVoiceList: boolean;
  slowMs: number;
  /** The next this many speech requests, whatever the voice, answer 429 (a busy account). */
  rateLimitNext: number;
  close(): Promise<void>;
};

function sinePcm(rate: number, seconds: number): Buffer {
  const samples = Math.round(rate * seconds);
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    // 0.2 s of silence either side of the tone, so trimming has something to do.
    const t = i / rate;
    const on = t > 0.2 && t < seconds - 0.2;
    out.writeInt16LE(on ? Math.round(8000 * Math.sin(2 * Math.PI * 300 * t)) : 0, i * 2);
  }
  return out;
}

export async function startFakeElevenLabs(): Promise<FakeElevenLabs> {
  const mp3Cache = new Map<string, Buffer>();
  const mp3 = (format: string) => {
    if (!mp3Cache.has(format)) {
      const [, rate, kbps] = format.split("_");
      mp3Cache.set(
        format,
        execFileSync(
          "ffmpeg",
          [
            "-v",
            "error",
            "-f",
            "s16le",
            "-ar",
            rate,
            "-ac",
            "1",
            "-i",
            "pipe:0",
            "-c:a",
            "libmp3lame",
            "-b:a",
            `${kbps}k`,
            "-f",
            "mp3",
            "pipe:1",
          ],
          {
            input: sinePcm(Number(rate), 1),
          },
        ),
      );
    }
    return mp3Cache.get(format)!;
  };
  // Encoded before serving: ffmpeg inside a request would eat into the client's timeout on a
  // busy machine and fail a test that is not about speed.
  mp3("mp3_44100_128");
  const calls = new Map<string, number>();

  const voiceList = [
    {
      voice_id: VOICES.rachel,
      name: "Rachel",
      category: "premade",
      description: "Matter-of-fact, calm narrator.",
      labels: { accent: "american", age: "young", gender: "female", use_case: "narration" },
      preview_url: "https://storage.example/voices/rachel/preview.mp3",
      verified_languages: [
        {
          language: "en",
          model_id: "eleven_multilingual_v2",
          accent: "american",
          locale: "en-US",
          preview_url: "https://storage.example/x.mp3",
        },
        { language: "es", model_id: "eleven_multilingual_v2", locale: "es-MX" },
      ],
      settings: null,
    },
    { voice_id: VOICES.bare, name: "Bare" },
  ];
  const known = new Set<string>(Object.values(VOICES));

  const fake: FakeElevenLabs = {
    baseUrl: "",
    requests: [],
    planErrorStatus: 400,
    failVoiceList: false,
    slowMs: 3000,
    rateLimitNext: 0,
    close: async () => undefined,
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = Buffer.concat(chunks).toString();
    fake.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers["xi-api-key"] !== FAKE_API_KEY)
      return json(401, { detail: { status: "invalid_api_key", message: "Invalid API key" } });

    if (req.method === "GET" && url.pathname === "/v1/voices") {
      if (fake.failVoiceList) return json(503, { detail: "upstream maintenance" });
      return json(200, { voices: voiceList });
    }
    const settings = /^\/v1\/voices\/([^/]+)\/settings$/.exec(url.pathname);
    if (req.method === "GET" && settings) {
      if (!known.has(settings[1]))
        return json(404, { detail: { status: "voice_not_found", message: "A voice with that id was not found." } });
      return json(200, { stability: 0.3, similarity_boost: 0.8, style: 0.1, use_speaker_boost: true, speed: 1.0 });
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && tts) {
      const voice = tts[1];
      const format = url.searchParams.get("output_format") ?? "mp3_44100_128";
      const count = (calls.get(voice) ?? 0) + 1;
      calls.set(voice, count);
      if (!known.has(voice))
        return json(404, { detail: { status: "voice_not_found", message: "A voice with that id was not found." } });
      if (PLAN_GATED.has(format)) {
        return json(fake.planErrorStatus, {
          detail: {
            status: "output_format_not_allowed",
            message: `Requested output format ${format} is only allowed for a higher tier.`,
          },
        });
      }
      const busy = fake.rateLimitNext > 0;
      if (busy) fake.rateLimitNext -= 1;
      if (busy || voice === VOICES.rateLimitedAlways || (voice === VOICES.rateLimitedOnce && count === 1)) {
        // Only the "always" voice says when to come back; the other leaves the pause to us.
        res.writeHead(429, {
          "content-type": "application/json",
          ...(voice === VOICES.rateLimitedAlways ? { "retry-after": "0" } : {}),
        });
        return res.end(
          JSON.stringify({
            detail: { status: "too_many_concurrent_requests", message: "Too many concurrent requests." },
          }),
        );
      }
      if (voice === VOICES.serverError) return json(500, { detail: "Internal Server Error" });
      if (voice === VOICES.slow) {
        await new Promise((r) => setTimeout(r, fake.slowMs));
        if (res.destroyed) return;
      }
      if (voice === VOICES.garbage) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html><body>Bad gateway</body></html>");
      }
      if (voice === VOICES.empty) {
        res.writeHead(200, { "content-type": "audio/pcm" });
        return res.end();
      }
      if (format.startsWith("mp3_")) {
        res.writeHead(200, { "content-type": "audio/mpeg" });
        return res.end(voice === VOICES.garbageMp3 ? Buffer.alloc(4000, 0x41) : mp3(format));
      }
      const rate = Number(format.split("_")[1]);
      const body = sinePcm(rate, 1);
      res.writeHead(200, { "content-type": "audio/pcm" });
      if (voice === VOICES.slowBody) {
        // Headers at once, then the body stalls past the deadline.
        res.write(body.subarray(0, 1000));
        await new Promise((r) => setTimeout(r, fake.slowMs));
        if (!res.destroyed) res.end(body.subarray(1000));
        return;
      }
      return res.end(body);
    }
    json(404, { detail: "Not Found" });
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

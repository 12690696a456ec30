// The prompt CSV under hostile input (#29): the million-row file and its kin are
// refused quickly with a short answer while /health stays responsive, an over-limit body is 413,
// and formula-looking texts are exported neutralised and re-import unchanged.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PROMPT_CSV_BYTES } from "@/lib/voice/prompt-sets/prompt-csv";
import { baseUrl } from "../support/api";
import { assertMatchesContract } from "../support/contract";
import { newOrg } from "../support/fixtures";
import { expectHealthAnswersDuring } from "../support/health-while";
import { voiceApi } from "./voice-client";

let key: string;
let setId: string;

beforeAll(async () => {
  key = (await newOrg("hostile-csv")).testKey;
  const created = await voiceApi("POST", "/prompt-sets", { key, body: { name: "Hostile", voice_id: "espeakEnUs" } });
  expect(created.status).toBe(201);
  setId = created.body.id;
});

async function putCsv(csv: string) {
  const path = `/prompt-sets/${setId}/prompts.csv`;
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "PUT",
    headers: { "x-api-key": key, "content-type": "text/csv" },
    body: csv,
  });
  const text = await res.text();
  const body = JSON.parse(text);
  assertMatchesContract("voice", "PUT", path, res.status, res.headers, body);
  return { status: res.status, body, bytes: text.length };
}

const HOSTILE: [string, string][] = [
  ["a million one-column rows", "name,text\n" + "x\n".repeat(1_000_000)],
  ["two million commas", ",".repeat(MAX_PROMPT_CSV_BYTES)],
  ["one quoted cell of doubled quotes", `name,text\na,"${'""'.repeat(MAX_PROMPT_CSV_BYTES / 2 - 16)}"\n`],
  [
    "500 bad rows of long text",
    "name,text\n" + Array.from({ length: 500 }, (_, i) => `Bad ${i},${"y".repeat(1999)}`).join("\n"),
  ],
  [
    "a first text of 4000 characters",
    "name,text\n" + Array.from({ length: 500 }, (_, i) => `p${i},${"y".repeat(4000)}`).join("\n"),
  ],
];

describe("hostile prompt CSVs", () => {
  it.each(HOSTILE)("%s: 400 with a short answer", async (_name, csv) => {
    expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(MAX_PROMPT_CSV_BYTES);
    const res = await putCsv(csv);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.bytes).toBeLessThan(4096);
  });

  it.each(HOSTILE)("/health answers within 200 ms while %s is in flight", async (_name, csv) => {
    // The criterion: before the fix one such request held the event loop for 24 s and a
    // /health sent meanwhile waited 23 s.
    const res = await expectHealthAnswersDuring(() =>
      fetch(`${baseUrl()}/prompt-sets/${setId}/prompts.csv`, {
        method: "PUT",
        headers: { "x-api-key": key, "content-type": "text/csv" },
        body: csv,
      }),
    );
    expect(res.status).toBe(400);
  });

  it("a body one byte over the limit is 413 request_too_large", async () => {
    const res = await putCsv("a".repeat(MAX_PROMPT_CSV_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("request_too_large");
  });
});

describe("formula-looking prompt texts", () => {
  it("are exported neutralised and re-import unchanged, every prefix", async () => {
    const texts = [
      '=HYPERLINK("http://evil.example","x")',
      "+cmd|' /C calc'!A0",
      "-2+3",
      "@SUM(A1:A2)",
      "\tTab first",
      "\rCR first",
      "'=already marked",
      "'Tis plain",
    ];
    const prompts = texts.map((text, i) => ({ name: `p${i}`, text }));
    const patched = await voiceApi("PATCH", `/prompt-sets/${setId}`, { key, body: { prompts } });
    expect(patched.status).toBe(200);
    const res = await fetch(`${baseUrl()}/prompt-sets/${setId}/prompts.csv`, { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    // Each row is name,"text" or name,text: the text cell never starts with what a spreadsheet runs.
    for (const line of csv
      .split("\n")
      .slice(1)
      .filter((l) => /^p\d,/.test(l))) {
      expect(line.slice(line.indexOf(",") + 1).replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect((await voiceApi("PATCH", `/prompt-sets/${setId}`, { key, body: { prompts: [] } })).status).toBe(200);
    const reimported = await putCsv(csv);
    expect(reimported.status).toBe(200);
    expect(
      reimported.body.prompts.map((p: { name: string; text: string }) => ({ name: p.name, text: p.text })),
    ).toEqual(prompts);
  });
});

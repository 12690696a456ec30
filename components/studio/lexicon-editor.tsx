"use client";

import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, Spinner } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { deleteLexiconAction, saveLexiconAction } from "@/lib/edge/actions/lexicon-actions";
import { generatePromptAction } from "@/lib/edge/actions/studio-actions";
import { parsePls, writePls, type Lexeme } from "@/lib/voice/lexicons/parse-pls";
import type { LexiconView } from "@/lib/voice/lexicons/schemas";
import { readIpa } from "@/lib/voice/ssml/ipa";
import { errorMessage } from "@/lib/platform/narrow";

type Row = { key: number; grapheme: string; alias: string; phoneme: string };
type Draft = { id: string | null; name: string; language: string; version: number | null; rows: Row[] };

let nextKey = 1;
const row = (lexeme?: Lexeme): Row => ({
  key: nextKey++,
  grapheme: lexeme?.graphemes.join(", ") ?? "",
  alias: lexeme?.alias ?? "",
  phoneme: lexeme?.phoneme ?? "",
});
const draftOf = (lexicon: LexiconView): Draft => ({
  id: lexicon.id,
  name: lexicon.name,
  language: lexicon.language,
  version: lexicon.version,
  rows: lexicon.lexemes.map(row),
});
const emptyDraft = (): Draft => ({ id: null, name: "", language: "en-US", version: null, rows: [row()] });

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What is wrong with an entry as typed, or null. */
function rowProblem(r: Row): string | null {
  if (!r.grapheme.trim()) return "Type the word as scripts write it.";
  if (!r.alias.trim() && !r.phoneme.trim()) return "Give an alias, an IPA pronunciation, or both.";
  if (r.phoneme.trim()) {
    try {
      readIpa(r.phoneme);
    } catch (error) {
      return `IPA: ${errorMessage(error)}.`;
    }
  }
  return null;
}

const lexemesOf = (rows: Row[]): Lexeme[] =>
  rows.map((r) => ({
    graphemes: r.grapheme
      .split(",")
      .map((g) => g.trim())
      .filter(Boolean),
    alias: r.alias.trim() || null,
    phoneme: r.phoneme.trim() || null,
  }));

/** The SSML that says one entry as a lexicon would: its phoneme (spoken as the alias where a voice cannot), else its alias. */
function entrySsml(r: Row): string {
  const word = r.grapheme.split(",")[0].trim();
  const said = r.alias.trim() || word;
  return r.phoneme.trim()
    ? `<speak><phoneme alphabet="ipa" ph="${escapeXml(r.phoneme.trim())}">${escapeXml(said)}</phoneme></speak>`
    : `<speak><sub alias="${escapeXml(said)}">${escapeXml(word)}</sub></speak>`;
}

// PLS matches graphemes as written; say so where the word is typed, so "voiceage" is not expected
// to catch "Voiceage".
const GRAPHEME_HINT = "Matched as written: whole words, same capitals (add VOICEAGE too if scripts shout).";

export function LexiconEditor({
  initial,
  voices,
  defaultVoiceId,
}: {
  initial: LexiconView[];
  voices: { id: string; name: string }[];
  defaultVoiceId: string | null;
}) {
  const id = useId();
  const [lexicons, setLexicons] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => (initial[0] ? draftOf(initial[0]) : emptyDraft()));
  const [voiceId, setVoiceId] = useState(defaultVoiceId ?? voices[0]?.id ?? "");
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [hearing, setHearing] = useState<{ key: number; loading: boolean; warnings: string[] } | null>(null);
  const player = useRef<HTMLAudioElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const problems = draft.rows.map(rowProblem);
  const setRow = (key: number, patch: Partial<Row>) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  async function hear(r: Row) {
    setHearing({ key: r.key, loading: true, warnings: [] });
    const result = await generatePromptAction({
      text: entrySsml(r),
      text_type: "ssml",
      voice_id: voiceId,
      output_format: "mp3_24000_48",
    });
    if (!result.ok) {
      setHearing(null);
      setMessage({ tone: "error", text: result.error });
      return;
    }
    setHearing({ key: r.key, loading: false, warnings: result.value.warnings });
    const el = player.current;
    if (el) {
      el.src = result.value.audio_url;
      void el.play().catch(() => undefined);
    }
  }

  async function save() {
    if (problems.some(Boolean)) return setMessage({ tone: "error", text: "Fix the entries marked below first." });
    setBusy(true);
    const result = await saveLexiconAction({
      id: draft.id,
      name: draft.name,
      pls: writePls(draft.language, lexemesOf(draft.rows)),
    });
    setBusy(false);
    if (!result.ok) return setMessage({ tone: "error", text: result.error });
    setLexicons((list) => [result.value, ...list.filter((l) => l.id !== result.value.id)]);
    setDraft(draftOf(result.value));
    setMessage({ tone: "success", text: `Saved ${result.value.name}, version ${result.value.version}.` });
  }

  async function remove() {
    if (!draft.id) return setDraft(emptyDraft());
    const result = await deleteLexiconAction(draft.id);
    if (!result.ok) return setMessage({ tone: "error", text: result.error });
    const rest = lexicons.filter((l) => l.id !== draft.id);
    setLexicons(rest);
    setDraft(rest[0] ? draftOf(rest[0]) : emptyDraft());
    setMessage({ tone: "success", text: "Lexicon deleted." });
  }

  async function importFile(file: File) {
    try {
      const parsed = parsePls(await file.text());
      setDraft({
        id: null,
        name: file.name.replace(/\.(pls|xml)$/i, ""),
        language: parsed.language,
        version: null,
        rows: parsed.lexemes.map(row),
      });
      setMessage({ tone: "success", text: `Imported ${parsed.lexemes.length} entries; save to keep them.` });
    } catch (error) {
      setMessage({ tone: "error", text: `${file.name} is not a lexicon we can read: ${errorMessage(error)}.` });
    }
  }

  function exportFile() {
    const blob = new Blob([writePls(draft.language, lexemesOf(draft.rows))], { type: "application/pls+xml" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${draft.name.trim().replace(/[^\w.-]+/g, "-") || "lexicon"}.pls`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
      <Card aria-labelledby={`${id}-list`}>
        <CardHeader id={`${id}-list`} title="Lexicons" description="Use them by id in lexicon_ids." />
        <CardBody className="space-y-2">
          <ul className="space-y-1" data-testid="lexicon-list">
            {lexicons.map((l) => (
              <li key={l.id}>
                <button
                  type="button"
                  onClick={() => setDraft(draftOf(l))}
                  aria-current={draft.id === l.id ? "true" : undefined}
                  className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 aria-[current=true]:bg-slate-900 aria-[current=true]:text-white"
                >
                  {l.name} <span className="text-xs opacity-75">· {l.lexeme_count}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setDraft(emptyDraft())}>
              New lexicon
            </Button>
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              Import .pls
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".pls,.xml,application/pls+xml"
              className="sr-only"
              aria-label="Import a .pls file"
              data-testid="pls-import"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importFile(file);
                e.target.value = "";
              }}
            />
          </div>
        </CardBody>
      </Card>

      <Card aria-labelledby={`${id}-editor`}>
        <CardHeader
          id={`${id}-editor`}
          title={draft.id ? draft.name || "Lexicon" : "New lexicon"}
          description={
            draft.id ? (
              <>
                <code className="font-mono text-xs">{draft.id}</code> · version {draft.version}
              </>
            ) : (
              "Not saved yet."
            )
          }
        />
        <CardBody className="space-y-4">
          {message ? (
            <Alert tone={message.tone} title={message.tone === "error" ? "Not saved" : "Done"}>
              <span data-testid="lexicon-message">{message.text}</span>
            </Alert>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={`${id}-name`} label="Name">
              {(props) => (
                <Input {...props} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              )}
            </Field>
            <Field id={`${id}-language`} label="Language (xml:lang)">
              {(props) => (
                <Input
                  {...props}
                  value={draft.language}
                  onChange={(e) => setDraft({ ...draft, language: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-voice`} label="Hear entries in">
              {(props) => (
                <Select {...props} value={voiceId} onChange={(e) => setVoiceId(e.target.value)}>
                  {voices.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>

          <ol className="space-y-3" aria-label="Entries">
            {draft.rows.map((r, i) => (
              <li key={r.key} className="rounded-md border border-slate-200 p-3" data-testid="lexicon-entry">
                <div className="grid gap-2 sm:grid-cols-3">
                  <Field
                    id={`${id}-${r.key}-grapheme`}
                    label="Word (several: comma-separated)"
                    hint={GRAPHEME_HINT}
                    compact
                  >
                    {(props) => (
                      <Input
                        {...props}
                        value={r.grapheme}
                        onChange={(e) => setRow(r.key, { grapheme: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={`${id}-${r.key}-alias`} label="Alias (said instead)" compact>
                    {(props) => (
                      <Input {...props} value={r.alias} onChange={(e) => setRow(r.key, { alias: e.target.value })} />
                    )}
                  </Field>
                  <Field id={`${id}-${r.key}-phoneme`} label="IPA pronunciation" compact>
                    {(props) => (
                      <Input
                        {...props}
                        className="font-mono"
                        value={r.phoneme}
                        placeholder="ˈvɔɪsɪdʒ"
                        onChange={(e) => setRow(r.key, { phoneme: e.target.value })}
                        aria-invalid={problems[i]?.startsWith("IPA") ? true : undefined}
                      />
                    )}
                  </Field>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={Boolean(problems[i]) || !voiceId}
                    onClick={() => void hear(r)}
                    aria-label={`Hear ${r.grapheme || "this entry"}`}
                  >
                    {hearing?.key === r.key && hearing.loading ? <Spinner /> : null}
                    Hear it
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDraft((d) => ({ ...d, rows: d.rows.filter((x) => x.key !== r.key) }))}
                  >
                    Remove
                  </Button>
                  {problems[i] ? <p className="text-xs text-red-700">{problems[i]}</p> : null}
                  {hearing?.key === r.key
                    ? hearing.warnings.map((w) => (
                        <Badge key={w} tone="warning">
                          {w}
                        </Badge>
                      ))
                    : null}
                </div>
              </li>
            ))}
          </ol>
          <audio ref={player} className="hidden" data-testid="lexicon-audio" />

          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            <Button variant="secondary" onClick={() => setDraft((d) => ({ ...d, rows: [...d.rows, row()] }))}>
              Add entry
            </Button>
            <Button onClick={() => void save()} disabled={busy}>
              {busy ? <Spinner /> : null} Save lexicon
            </Button>
            <Button variant="secondary" onClick={exportFile}>
              Export .pls
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {draft.id ? "Delete" : "Discard"}
            </Button>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

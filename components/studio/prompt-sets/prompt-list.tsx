"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, Spinner } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";
import { characterCount } from "@/lib/voice/studio/character-count";
import { waveformNote } from "@/lib/voice/studio/waveform-note";
import { promptNameSchema, type PromptInput, type PromptView } from "@/lib/voice/prompt-sets/schemas";
import { buildTtsTextSchema, MARKUP_ALLOWANCE, scriptProblem, type TextType } from "@/lib/voice/schemas";
import type { SpeechChunk } from "@/lib/voice/ssml/speech-chunks";
import { PeaksWaveform } from "./peaks-waveform";
import { ReadAs } from "./read-as";
import { phoneLawOf, type PlayMode, type Playing } from "./use-prompt-audio";
import { PlayIcon, StopIcon } from "../icons";

export type PromptListChange =
  | { kind: "edit"; prompts: PromptInput[]; promptId: string }
  | { kind: "add"; prompts: PromptInput[] }
  | { kind: "delete"; prompts: PromptInput[]; name: string }
  | { kind: "move"; prompts: PromptInput[]; promptId: string; direction: "up" | "down" };

const toInputs = (prompts: PromptView[]): PromptInput[] =>
  prompts.map((p) => ({ id: p.id, name: p.name, text: p.text }));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The most characters the text box takes: an SSML prompt's markup is not counted by the API. */
const boxLimit = (maxTextLength: number, textType: TextType) =>
  textType === "ssml" ? maxTextLength * MARKUP_ALLOWANCE : maxTextLength;

/** Validates a prompt as the API will, plus the set's unique names, so a typo never round-trips. */
function promptErrors(
  input: { name: string; text: string },
  others: PromptView[],
  maxTextLength: number,
  textType: TextType,
) {
  const name = promptNameSchema.safeParse(input.name);
  const parsed = buildTtsTextSchema(boxLimit(maxTextLength, textType)).safeParse(input.text);
  // An SSML prompt that does not parse is named with its line and reason before it is sent.
  const textProblem = parsed.success
    ? scriptProblem(input.text, textType, maxTextLength)
    : parsed.error.issues[0].message;
  const clash = others.find((p) => p.name === input.name);
  return {
    name: !name.success
      ? `The file name ${name.error.issues[0].message}.`
      : clash
        ? `Another prompt is already named ${input.name}.`
        : undefined,
    text: textProblem ? `The text ${textProblem}.` : undefined,
  };
}

export function PromptList({
  prompts,
  peaks,
  extension,
  formatId,
  maxTextLength,
  saving,
  onChange,
  playing,
  onPlay,
  audio,
  readAs,
  textType,
}: {
  prompts: PromptView[];
  peaks: Record<string, number[]>;
  extension: string;
  formatId: string;
  maxTextLength: number;
  saving: boolean;
  onChange: (change: PromptListChange) => Promise<boolean>;
  playing: Playing | null;
  onPlay: (prompt: PromptView, mode: PlayMode) => void;
  audio: React.ReactNode;
  /** How a prompt's text is read (SSML and lexicon sets), or null. */
  readAs?: (text: string) => SpeechChunk[] | null;
  /** The set's text_type: an SSML set's prompts are checked as SSML documents. */
  textType: TextType;
}) {
  const id = useId();
  const [editing, setEditing] = useState<string | null>(null);
  // Where the keyboard goes once the list has re-rendered after a change (a moved row's
  // buttons, the row after a deleted one): React moves a row's nodes, which drops their focus.
  const focusAfter = useRef<string | null>(null);
  const setFocusAfter = (target: string) => {
    focusAfter.current = target;
  };
  useEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    if (target && !(target instanceof HTMLButtonElement && target.disabled)) {
      target.focus();
      focusAfter.current = null;
    }
  });

  function move(index: number, direction: "up" | "down") {
    const next = toInputs(prompts);
    const target = direction === "up" ? index - 1 : index + 1;
    [next[index], next[target]] = [next[target], next[index]];
    const prompt = prompts[index];
    // Keep the keyboard on the moved prompt: the same button, or the other one at either end.
    const stillThere = direction === "up" ? target > 0 : target < prompts.length - 1;
    setFocusAfter(`${prompt.id}-${stillThere ? direction : direction === "up" ? "down" : "up"}`);
    void onChange({ kind: "move", prompts: next, promptId: prompt.id, direction });
  }

  const phone = phoneLawOf(formatId);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Prompts"
        description={
          prompts.length
            ? `${prompts.length} ${prompts.length === 1 ? "prompt" : "prompts"}, in play order. Each becomes a file named after it.`
            : "Each prompt becomes one file, named after it."
        }
        actions={
          saving ? (
            <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
              <Spinner className="size-3.5" /> Saving…
            </span>
          ) : null
        }
      />
      {audio}
      {prompts.length === 0 ? (
        <EmptyState
          title="No prompts yet"
          description="Add the first prompt below, or import a spreadsheet saved as CSV with a name and a text column."
        />
      ) : (
        <ol aria-label="Prompts" className="divide-y divide-slate-100">
          {prompts.map((prompt, index) =>
            editing === prompt.id ? (
              <li key={prompt.id} id={`prompt-${prompt.id}`} className="bg-slate-50/70 px-4 py-4 sm:px-5">
                <PromptForm
                  idPrefix={`${prompt.id}-edit`}
                  legend={`Edit ${prompt.name}`}
                  initial={prompt}
                  others={prompts.filter((p) => p.id !== prompt.id)}
                  maxTextLength={maxTextLength}
                  textType={textType}
                  submitLabel="Save prompt"
                  onCancel={() => {
                    setEditing(null);
                    setFocusAfter(`${prompt.id}-editbutton`);
                  }}
                  onSubmit={async (value) => {
                    const next = toInputs(prompts).map((p) =>
                      p.id === prompt.id ? { id: p.id, name: value.name, text: value.text } : p,
                    );
                    const ok = await onChange({ kind: "edit", prompts: next, promptId: prompt.id });
                    if (ok) {
                      setEditing(null);
                      setFocusAfter(`${prompt.id}-editbutton`);
                    }
                    return ok;
                  }}
                />
              </li>
            ) : (
              <PromptRow
                key={prompt.id}
                prompt={prompt}
                index={index}
                count={prompts.length}
                peaks={peaks[prompt.id]}
                extension={extension}
                phoneLaw={phone}
                readAs={readAs?.(prompt.text) ?? null}
                playing={playing?.promptId === prompt.id ? playing : null}
                onPlay={(mode) => onPlay(prompt, mode)}
                onEdit={() => setEditing(prompt.id)}
                onMove={(direction) => move(index, direction)}
                onDelete={() => {
                  const next = toInputs(prompts).filter((p) => p.id !== prompt.id);
                  const neighbour = prompts[index + 1] ?? prompts[index - 1];
                  setFocusAfter(neighbour ? `${neighbour.id}-editbutton` : `${id}-add-name`);
                  void onChange({ kind: "delete", prompts: next, name: prompt.name });
                }}
              />
            ),
          )}
        </ol>
      )}
      <CardBody className="border-t border-slate-200 bg-slate-50/50">
        <PromptForm
          idPrefix={`${id}-add`}
          legend="Add a prompt"
          initial={{ name: "", text: "" }}
          others={prompts}
          maxTextLength={maxTextLength}
          textType={textType}
          submitLabel="Add prompt"
          resetOnSuccess
          onSubmit={(value) => onChange({ kind: "add", prompts: [...toInputs(prompts), value] })}
        />
      </CardBody>
    </Card>
  );
}

function StatusBadge({ prompt }: { prompt: PromptView }) {
  switch (prompt.status) {
    case "pending":
      return <Badge>Not generated</Badge>;
    case "queued":
      return <Badge tone="neutral">Queued</Badge>;
    case "generating":
      return (
        <Badge tone="info" className="gap-1">
          <Spinner className="size-3" /> Generating
        </Badge>
      );
    case "done":
      return prompt.cached ? <Badge tone="info">Done · from cache</Badge> : <Badge tone="success">Done</Badge>;
    case "failed":
      return <Badge tone="danger">Failed</Badge>;
  }
}

function PromptRow({
  prompt,
  index,
  count,
  peaks,
  extension,
  phoneLaw,
  readAs,
  playing,
  onPlay,
  onEdit,
  onMove,
  onDelete,
}: {
  prompt: PromptView;
  index: number;
  count: number;
  peaks: number[] | undefined;
  extension: string;
  phoneLaw: string;
  readAs: SpeechChunk[] | null;
  playing: Playing | null;
  onPlay: (mode: PlayMode) => void;
  onEdit: () => void;
  onMove: (direction: "up" | "down") => void;
  onDelete: () => void;
}) {
  const headingId = `prompt-${prompt.id}-name`;
  const done = prompt.status === "done" && prompt.sha256;
  const note = done && peaks && prompt.duration_ms ? waveformNote(peaks, prompt.duration_ms) : null;
  const active = (mode: PlayMode) => playing?.mode === mode && playing.status !== "error";
  return (
    <li
      id={`prompt-${prompt.id}`}
      aria-labelledby={headingId}
      data-testid="prompt-row"
      data-status={prompt.status}
      className="px-4 py-4 sm:px-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <span
          className="hidden w-6 shrink-0 pt-0.5 text-right text-xs text-slate-500 tabular-nums sm:block"
          aria-hidden="true"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={headingId} className="font-mono text-sm font-medium break-all text-slate-900">
              <span className="sr-only">Prompt {index + 1}: </span>
              {prompt.name}
              <span className="text-slate-500">{extension}</span>
            </h3>
            <StatusBadge prompt={prompt} />
            {done && prompt.duration_ms !== null ? (
              <span className="text-xs text-slate-600 tabular-nums">{seconds(prompt.duration_ms)}</span>
            ) : null}
          </div>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{prompt.text}</p>
          {readAs ? <ReadAs chunks={readAs} /> : null}
          {prompt.status === "failed" && prompt.error ? (
            <p
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
              data-testid="prompt-error"
            >
              <span className="font-medium">{prompt.error.code}:</span> {prompt.error.message}
            </p>
          ) : null}
          {done ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
              {peaks && prompt.duration_ms ? (
                <PeaksWaveform
                  peaks={peaks}
                  label={`Waveform of ${prompt.name}, ${seconds(prompt.duration_ms)}${note ? `: ${note}` : ""}`}
                />
              ) : null}
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  pending={playing?.mode === "original" && playing.status === "loading"}
                  aria-label={`${active("original") ? "Stop" : "Play"} ${prompt.name}`}
                  onClick={() => onPlay("original")}
                >
                  {active("original") ? <StopIcon /> : <PlayIcon />}
                  {active("original") ? "Stop" : "Play"}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  pending={playing?.mode === "phone" && playing.status === "loading"}
                  aria-label={active("phone") ? `Stop ${prompt.name}` : `Hear ${prompt.name} as a caller`}
                  title={`Through a G.711 ${phoneLaw} phone line at 8 kHz`}
                  onClick={() => onPlay("phone")}
                >
                  {active("phone") ? <StopIcon /> : <PhoneIcon />}
                  {active("phone") ? "Stop" : "As a caller"}
                </Button>
                {note ? <Badge tone="warning">{note}</Badge> : null}
              </div>
            </div>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:pt-0">
          <Button
            id={`${prompt.id}-editbutton`}
            variant="ghost"
            size="sm"
            aria-label={`Edit ${prompt.name}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            id={`${prompt.id}-up`}
            variant="ghost"
            size="sm"
            aria-label={`Move ${prompt.name} up`}
            disabled={index === 0}
            onClick={() => onMove("up")}
          >
            <ArrowIcon up />
          </Button>
          <Button
            id={`${prompt.id}-down`}
            variant="ghost"
            size="sm"
            aria-label={`Move ${prompt.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove("down")}
          >
            <ArrowIcon />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${prompt.name}`}
            onClick={onDelete}
            className="text-red-700 hover:bg-red-50"
          >
            <TrashIcon />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Name and text of one prompt, checked here as the API checks them. */
function PromptForm({
  idPrefix,
  legend,
  initial,
  others,
  maxTextLength,
  textType,
  submitLabel,
  resetOnSuccess,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  legend: string;
  initial: { name: string; text: string };
  others: PromptView[];
  maxTextLength: number;
  textType: TextType;
  submitLabel: string;
  resetOnSuccess?: boolean;
  onSubmit: (value: { name: string; text: string }) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState({ name: initial.name, text: initial.text });
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const count = characterCount(value.text, boxLimit(maxTextLength, textType));
  useEffect(() => {
    if (onCancel) nameRef.current?.focus();
    // Only when an edit opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      noValidate
      aria-label={legend}
      className="space-y-3"
      onKeyDown={(e) => {
        if (e.key === "Escape" && onCancel) onCancel();
      }}
      onSubmit={async (event) => {
        event.preventDefault();
        const found = promptErrors(value, others, maxTextLength, textType);
        setErrors(found);
        if (found.name || found.text) {
          document.getElementById(found.name ? `${idPrefix}-name` : `${idPrefix}-text`)?.focus();
          return;
        }
        setPending(true);
        const ok = await onSubmit(value);
        setPending(false);
        if (ok && resetOnSuccess) {
          setValue({ name: "", text: "" });
          nameRef.current?.focus();
        }
      }}
    >
      <p className="text-sm font-medium text-slate-900">{legend}</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div>
          <label htmlFor={`${idPrefix}-name`} className="block text-xs font-medium text-slate-700">
            File name
          </label>
          <Input
            ref={nameRef}
            id={`${idPrefix}-name`}
            className="mt-1 font-mono"
            value={value.name}
            placeholder="main-menu"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${idPrefix}-name-error` : `${idPrefix}-name-hint`}
            onChange={(e) => setValue((v) => ({ ...v, name: e.target.value }))}
          />
          {errors.name ? (
            <p id={`${idPrefix}-name-error`} className="mt-1 text-xs text-red-700">
              {errors.name}
            </p>
          ) : (
            <p id={`${idPrefix}-name-hint`} className="mt-1 text-xs text-slate-600">
              Lower-case letters, digits, - and _.
            </p>
          )}
        </div>
        <div className="min-w-0">
          <label htmlFor={`${idPrefix}-text`} className="block text-xs font-medium text-slate-700">
            Text
          </label>
          <textarea
            id={`${idPrefix}-text`}
            rows={2}
            value={value.text}
            placeholder="For sales, press 1. For support, press 2."
            aria-invalid={errors.text || count.over ? true : undefined}
            aria-describedby={`${idPrefix}-count${errors.text ? ` ${idPrefix}-text-error` : ""}`}
            onChange={(e) => setValue((v) => ({ ...v, text: e.target.value }))}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 aria-[invalid=true]:border-red-500"
          />
          <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs">
            {errors.text ? (
              <p id={`${idPrefix}-text-error`} className="text-red-700">
                {errors.text}
              </p>
            ) : (
              <span />
            )}
            <p
              id={`${idPrefix}-count`}
              className={cx("tabular-nums", count.over ? "font-medium text-red-700" : "text-slate-600")}
            >
              {count.message}
            </p>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={onCancel ? "primary" : "secondary"} pending={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function PhoneIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <path
        d="M3 2.5h2.5l1.2 3-1.6 1a7 7 0 0 0 4.4 4.4l1-1.6 3 1.2V13a1 1 0 0 1-1 1A11.5 11.5 0 0 1 2 3.5a1 1 0 0 1 1-1z"
        strokeLinejoin="round"
      />
    </svg>
  );
}
function ArrowIcon({ up }: { up?: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className={cx("size-4", up ? "" : "rotate-180")}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M8 13V3m0 0L4 7m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M2.5 4h11M6 4V2.5h4V4m-6 0 .7 9.5h6.6L12 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

"use server";

import { ZodError } from "zod";
import { fieldErrorsOf, type ActionResult } from "@/lib/edge/actions/action-result";
import { env } from "@/lib/platform/env";
import { createPromptSet } from "@/lib/voice/prompt-sets/create-prompt-set";
import { deletePromptSet } from "@/lib/voice/prompt-sets/delete-prompt-set";
import { duplicatePromptSet } from "@/lib/voice/prompt-sets/duplicate-prompt-set";
import { listPromptSets } from "@/lib/voice/prompt-sets/list-prompt-sets";
import {
  getStudioPromptSet,
  studioPromptSetOf,
  type StudioPromptSet,
} from "@/lib/voice/prompt-sets/get-studio-prompt-set";
import { importPromptCsv, PromptCsvError } from "@/lib/voice/prompt-sets/import-prompt-csv";
import { MAX_PROMPT_CSV_BYTES, type CsvRowError } from "@/lib/voice/prompt-sets/prompt-csv";
import {
  buildCreatePromptSetBodySchema,
  buildUpdatePromptSetBodySchema,
  generatePromptSetBodySchema,
  type PromptSetSummary,
} from "@/lib/voice/prompt-sets/schemas";
import { startPromptSetGeneration } from "@/lib/voice/prompt-sets/start-prompt-set-generation";
import { updatePromptSet } from "@/lib/voice/prompt-sets/update-prompt-set";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { describeVoiceError } from "@/lib/voice/errors";

// The studio's prompt sets: the same domain functions as the Voice API's /prompt-sets, with the
// session's organisation. Server actions, so Next.js refuses them from another origin (CSRF).
// Failures come back as the API's own message (describeVoiceError), never thrown.

export type { StudioPromptSet };

const RETURN_TO = "/studio/prompt-sets";

function failure(error: unknown): Extract<ActionResult<never>, { ok: false }> {
  const { message } = describeVoiceError(error);
  return error instanceof ZodError
    ? { ok: false, error: message, fieldErrors: fieldErrorsOf(error.issues) }
    : { ok: false, error: message };
}

const studioView = (orgId: string, id: string) => getStudioPromptSet({ orgId, id });

export async function listPromptSetsAction(): Promise<ActionResult<PromptSetSummary[]>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    return { ok: true, value: (await listPromptSets({ orgId: user.orgId })).prompt_sets };
  } catch (error) {
    return failure(error);
  }
}

export async function createPromptSetAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    const body = buildCreatePromptSetBodySchema(env().TTS_MAX_TEXT_LENGTH).parse(input);
    const created = await createPromptSet({ orgId: user.orgId, body });
    return { ok: true, value: { id: created.id } };
  } catch (error) {
    return failure(error);
  }
}

/** The set with its progress, as the editor polls it while a generation runs. */
export async function getPromptSetAction(id: string): Promise<ActionResult<StudioPromptSet>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    return { ok: true, value: await studioView(user.orgId, String(id)) };
  } catch (error) {
    return failure(error);
  }
}

/** PATCH semantics: rename, sound settings, or the whole ordered prompt list (ids keep audio). */
export async function updatePromptSetAction(id: string, input: unknown): Promise<ActionResult<StudioPromptSet>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    const body = buildUpdatePromptSetBodySchema(env().TTS_MAX_TEXT_LENGTH).parse(input);
    // The view the write produced, with the editor's extras: no second read of the set.
    return {
      ok: true,
      value: await studioPromptSetOf(user.orgId, await updatePromptSet({ orgId: user.orgId, id: String(id), body })),
    };
  } catch (error) {
    return failure(error);
  }
}

export type ImportCsvResult = ActionResult<StudioPromptSet, { rowErrors: CsvRowError[] }>;

/**
 * PUT /prompt-sets/{id}/prompts.csv from a file: importPromptCsv replaces the set's prompts
 * (unchanged name and text keep their audio). Bad rows are reported (the first
 * MAX_CSV_ROW_ERRORS, with the count of all) by the row number a spreadsheet shows, and nothing is changed.
 */
export async function importPromptCsvAction(id: string, form: FormData): Promise<ImportCsvResult> {
  const user = await requireDashboardUser(RETURN_TO);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { ok: false, error: "Choose a CSV file to import." };
  try {
    if (file.size > MAX_PROMPT_CSV_BYTES) {
      return {
        ok: false,
        error: `That file is ${(file.size / 1024 / 1024).toFixed(1)} MB; a prompt CSV may be at most ${MAX_PROMPT_CSV_BYTES / 1024 / 1024} MB.`,
      };
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let csv: string;
    try {
      csv = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return {
        ok: false,
        error: "That file is not UTF-8 text. Save the spreadsheet as “CSV UTF-8” and import it again.",
      };
    }
    const view = await importPromptCsv({ orgId: user.orgId, id: String(id), csv });
    return { ok: true, value: await studioPromptSetOf(user.orgId, view) };
  } catch (error) {
    if (error instanceof PromptCsvError) {
      const { name } = file;
      const rows = new Set(error.rows.map((e) => e.row)).size;
      const message =
        error.total > error.rows.length
          ? `Nothing was imported: ${name} has ${error.total} problems; the first ${error.rows.length} are listed.`
          : `Nothing was imported: ${rows} ${rows === 1 ? "row" : "rows"} of ${name} ${rows === 1 ? "needs" : "need"} fixing.`;
      return { ok: false, error: message, rowErrors: error.rows };
    }
    return failure(error);
  }
}

/** Generate all (unchanged prompts come from the content cache) or retry only the failed ones. */
export async function generatePromptSetAction(id: string, only: unknown): Promise<ActionResult<StudioPromptSet>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    const body = generatePromptSetBodySchema.parse({ only });
    await startPromptSetGeneration({ orgId: user.orgId, id: String(id), only: body.only });
    return { ok: true, value: await studioView(user.orgId, String(id)) };
  } catch (error) {
    return failure(error);
  }
}

export async function duplicatePromptSetAction(id: string): Promise<ActionResult<{ id: string; name: string }>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    const copy = await duplicatePromptSet({ orgId: user.orgId, id: String(id) });
    return { ok: true, value: { id: copy.id, name: copy.name } };
  } catch (error) {
    return failure(error);
  }
}

export async function deletePromptSetAction(id: string): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser(RETURN_TO);
  try {
    return { ok: true, value: { id: (await deletePromptSet({ orgId: user.orgId, id: String(id) })).id } };
  } catch (error) {
    return failure(error);
  }
}

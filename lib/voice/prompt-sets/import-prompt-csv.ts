import "server-only";
import { env } from "@/lib/platform/env";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";
import { parsePromptCsv, type CsvRowError } from "@/lib/voice/prompt-sets/prompt-csv";
import type { PromptSetView } from "@/lib/voice/prompt-sets/schemas";
import { updatePromptSet } from "@/lib/voice/prompt-sets/update-prompt-set";
import { VoiceApiError } from "@/lib/voice/errors";
import { textTypeOf } from "@/lib/voice/columns";

/** An error naming the first bad rows by their spreadsheet row numbers, with the count of all. */
export class PromptCsvError extends VoiceApiError {
  constructor(
    readonly rows: CsvRowError[],
    readonly total: number,
  ) {
    const shown = rows.map((e) => `row ${e.row}: ${e.message.replace(/\.$/, "")}`);
    const more = total > rows.length ? `; and ${total - rows.length} more` : "";
    super(
      "bad_request",
      `The CSV has ${total} problem${total === 1 ? "" : "s"} (the header is row 1): ${shown.join("; ")}${more}.`,
    );
  }
}

/**
 * PUT /prompt-sets/{id}/prompts.csv (and the studio's import): a `name,text` CSV replaces the
 * set's prompt list, as PATCH with `prompts` does (same names keep their audio when their text
 * is unchanged). Nothing changes unless every row is valid.
 */
export async function importPromptCsv(input: { orgId: string; id: string; csv: string }): Promise<PromptSetView> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  const parsed = parsePromptCsv(input.csv, env().TTS_MAX_TEXT_LENGTH, textTypeOf(set.textType));
  if (!parsed.ok) throw new PromptCsvError(parsed.errors, parsed.total);
  return updatePromptSet({ orgId: input.orgId, id: input.id, body: { prompts: parsed.prompts } });
}

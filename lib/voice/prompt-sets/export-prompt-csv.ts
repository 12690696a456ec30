import "server-only";
import { findPromptSetOrThrow, listPromptRows } from "@/lib/voice/prompt-sets/find-prompt-set";
import { formatPromptCsv } from "@/lib/voice/prompt-sets/prompt-csv";
import { promptSetSlug } from "@/lib/voice/prompt-sets/schemas";

/** GET /prompt-sets/{id}/prompts.csv: the prompt list as a spreadsheet opens it. */
export async function exportPromptCsv(input: {
  orgId: string;
  id: string;
}): Promise<{ csv: string; filename: string }> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  return { csv: formatPromptCsv(await listPromptRows(set.id)), filename: `${promptSetSlug(set.name)}-prompts.csv` };
}

import "server-only";
import { db } from "@/lib/platform/db";
import type { Lexicon } from "@/lib/generated/prisma/client";
import { hasIdShape, newId } from "@/lib/platform/ids";
import { VoiceApiError } from "@/lib/voice/errors";
import { parsePls, type Lexeme } from "@/lib/voice/lexicons/parse-pls";
import type { CreateLexiconBody, LexiconSummary, LexiconView } from "@/lib/voice/lexicons/schemas";
import { MarkupError } from "@/lib/voice/ssml/read-xml";
import { lexemesOf } from "@/lib/voice/columns";

/** The document's lexemes, or a 400 naming the line and the reason (nothing is stored). */
function readPls(pls: string) {
  try {
    return parsePls(pls);
  } catch (error) {
    if (error instanceof MarkupError) throw new VoiceApiError("bad_request", `Invalid pls: ${error.message}.`);
    throw error;
  }
}

function summary(row: Lexicon): LexiconSummary {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    version: row.version,
    lexeme_count: row.lexemeCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function view(row: Lexicon): LexiconView {
  return { ...summary(row), lexemes: lexemesOf(row.lexemes), pls: row.pls };
}

/** POST /lexicons. */
export async function createLexicon(orgId: string, body: CreateLexiconBody): Promise<LexiconView> {
  const { language, lexemes } = readPls(body.pls);
  const row = await db.lexicon.create({
    data: {
      id: newId("lex"),
      orgId,
      name: body.name,
      language,
      lexemeCount: lexemes.length,
      lexemes,
      pls: body.pls,
    },
  });
  return view(row);
}

/** PUT /lexicons/{id}: a new document (and name) for the same lexicon; its version goes up. */
export async function replaceLexicon(orgId: string, id: string, body: CreateLexiconBody): Promise<LexiconView> {
  const { language, lexemes } = readPls(body.pls);
  await findLexiconOrThrow(orgId, id);
  const { count } = await db.lexicon.updateMany({
    where: { id, orgId },
    data: { name: body.name, language, lexemeCount: lexemes.length, lexemes, pls: body.pls, version: { increment: 1 } },
  });
  if (count === 0) throw notFound(id);
  return view(await findLexiconOrThrow(orgId, id));
}

export async function listLexicons(orgId: string) {
  const rows = await db.lexicon.findMany({ where: { orgId }, orderBy: { createdAt: "desc" } });
  return { lexicons: rows.map(summary), count: rows.length };
}

export async function getLexicon(orgId: string, id: string): Promise<LexiconView> {
  return view(await findLexiconOrThrow(orgId, id));
}

export async function deleteLexicon(orgId: string, id: string) {
  const { count } = hasIdShape("lex", id) ? await db.lexicon.deleteMany({ where: { id, orgId } }) : { count: 0 };
  if (count === 0) throw notFound(id);
  return { id, deleted: true as const };
}

const notFound = (id: string) => new VoiceApiError("not_found", `No lexicon ${id}; GET /lexicons lists them.`);

async function findLexiconOrThrow(orgId: string, id: string): Promise<Lexicon> {
  const row = hasIdShape("lex", id) ? await db.lexicon.findFirst({ where: { id, orgId } }) : null;
  if (!row) throw notFound(id);
  return row;
}

export type LoadedLexicon = { id: string; version: number; lexemes: Lexeme[] };

/**
 * The organisation's lexicons named by `ids`, in that order, for synthesis. One it does not
 * have (another organisation's is as unknown as a deleted one) is a 400 naming it.
 */
export async function loadLexicons(orgId: string, ids: readonly string[]): Promise<LoadedLexicon[]> {
  if (ids.length === 0) return [];
  const rows = await db.lexicon.findMany({
    where: { orgId, id: { in: [...ids] } },
    select: { id: true, version: true, lexemes: true },
  });
  return ids.map((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row)
      throw new VoiceApiError("bad_request", `Invalid lexicon_ids.${i}: no lexicon ${id}; GET /lexicons lists them.`);
    return { id: row.id, version: row.version, lexemes: lexemesOf(row.lexemes) };
  });
}

import type { Prisma } from "@/lib/generated/prisma/client";
import type { ModelId } from "@/lib/platform/config/model-ids";
import { lexemeSchema } from "@/lib/voice/lexicons/schemas";
import type { Lexeme } from "@/lib/voice/lexicons/parse-pls";
import {
  modelIdSchema,
  resolvedVoiceSettingsSchema,
  textTypeSchema,
  voiceSettingsSchema,
  type ResolvedVoiceSettings,
  type TextType,
  type VoiceSettingsInput,
} from "@/lib/voice/schemas";

// The voice tables' columns whose database type is wider than the domain's (text holding an
// enumeration, jsonb holding settings or lexemes), read once through the schema that wrote them.

export const textTypeOf = (column: string): TextType => textTypeSchema.parse(column);

export const modelIdOf = (column: string): ModelId => modelIdSchema.parse(column);

export const voiceSettingsOf = (column: Prisma.JsonValue | null): VoiceSettingsInput | null =>
  column === null ? null : voiceSettingsSchema.parse(column);

export const resolvedVoiceSettingsOf = (column: Prisma.JsonValue | null): ResolvedVoiceSettings | null =>
  column === null ? null : resolvedVoiceSettingsSchema.parse(column);

const lexemesSchema = lexemeSchema.array();
export const lexemesOf = (column: Prisma.JsonValue): Lexeme[] => lexemesSchema.parse(column);

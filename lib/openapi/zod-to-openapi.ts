import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1) from a zod schema. Requests are described
 * as the client sends them ("input": defaults optional); responses as the server returns them
 * ("output"). Refinements zod cannot express stay in the description of the field.
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

export const jsonContent = (schema: JsonSchema | { $ref: string }) => ({
  "application/json": { schema },
});

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

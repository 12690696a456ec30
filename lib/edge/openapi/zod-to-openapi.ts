import { z } from "zod";

type JsonSchema = Record<string, unknown>;

const conversion = { target: "draft-2020-12", unrepresentable: "any" } as const;

/**
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1) from a zod schema. Requests are described
 * as the client sends them ("input": defaults optional); responses as the server returns them
 * ("output"). Refinements zod cannot express stay in the description of the field.
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { ...conversion, io });
  return rest;
}

/**
 * A document's named schemas, each written once: wherever one named schema sits inside another
 * (a Session in the SessionList, VoiceSettings in every request that takes them) it becomes a
 * $ref, so generators emit one type per name instead of anonymous copies. Responses are converted
 * as "output", everything else as "input"; a schema named in both must come out the same.
 *
 * Request bodies come back apart, for components.requestBodies: openapi-typescript (at its
 * default settings) makes a property with a `default` required unless it sits under a request
 * body, so a body kept in components.schemas would make every defaulted field mandatory.
 */
export function namedSchemas(named: {
  requestBodies: Record<string, z.ZodType>;
  input: Record<string, z.ZodType>;
  output: Record<string, z.ZodType>;
}) {
  const convert = (schemas: Record<string, z.ZodType>, io: "input" | "output") => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
    const { schemas: converted } = z.toJSONSchema(registry, { ...conversion, io, uri: (id) => schemaRef(id) });
    return Object.fromEntries(
      Object.entries(converted).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest]),
    );
  };
  const input = convert({ ...named.input, ...named.requestBodies }, "input");
  const output = convert(named.output, "output");
  for (const id of Object.keys(input)) {
    if (id in output && JSON.stringify(input[id]) !== JSON.stringify(output[id])) {
      throw new Error(`Schema ${id} differs between requests and responses: give each its own name`);
    }
  }
  const requestBodies = Object.fromEntries(Object.keys(named.requestBodies).map((id) => [id, input[id]]));
  const schemas = Object.fromEntries(
    Object.entries({ ...input, ...output }).filter(([id]) => !(id in named.requestBodies)),
  );
  return { schemas, requestBodies };
}

export const jsonContent = (schema: JsonSchema | { $ref: string }, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

const schemaRef = (name: string) => `#/components/schemas/${name}`;
export const ref = (name: string) => ({ $ref: schemaRef(name) });

/** A $ref to a reusable part of the document: components.<kind>.<name>. */
export const componentRef = (kind: "responses" | "parameters" | "headers" | "requestBodies", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

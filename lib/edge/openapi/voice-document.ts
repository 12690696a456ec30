// The Voice Prompt API as an OpenAPI 3.1 document, built from the zod schemas and the format
// table the handlers use, so the document and the API cannot drift apart. Each operation is a
// file of its own under voice/ (named by its operationId); this file lays them out by path.
import {
  buildTtsRequestBodySchema,
  DEFAULT_TTS_MAX_TEXT_LENGTH,
  formatListSchema,
  healthDetailsSchema,
  healthSchema,
  resolvedVoiceSettingsSchema,
  ttsResultSchema,
  voiceListSchema,
  voiceSettingsSchema,
} from "@/lib/voice/schemas";
import {
  buildCreatePromptSetBodySchema,
  buildUpdatePromptSetBodySchema,
  deletedPromptSetSchema,
  generatePromptSetBodySchema,
  MAX_PROMPTS_PER_SET,
  promptSetListSchema,
  promptSetNameSchema,
  promptSetSchema,
  promptSetStatusSchema,
} from "@/lib/voice/prompt-sets/schemas";
import { z } from "zod";
import {
  createLexiconBodySchema,
  deletedLexiconSchema,
  lexiconListSchema,
  lexiconSchema,
} from "@/lib/voice/lexicons/schemas";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { componentRef, jsonContent, namedSchemas } from "@/lib/edge/openapi/zod-to-openapi";
import { headers, parameters } from "@/lib/edge/openapi/voice/components";
import { errorSchemas, methodResponses, reusedResponses } from "@/lib/edge/openapi/voice/errors";
import { healthOperation } from "@/lib/edge/openapi/voice/health";
import { healthDetailsOperation } from "@/lib/edge/openapi/voice/health-details";
import { listVoicesOperation } from "@/lib/edge/openapi/voice/list-voices";
import { getVoicePreviewOperation } from "@/lib/edge/openapi/voice/get-voice-preview";
import { listFormatsOperation } from "@/lib/edge/openapi/voice/list-formats";
import { createTtsOperation } from "@/lib/edge/openapi/voice/create-tts";
import { listPromptSetsOperation } from "@/lib/edge/openapi/voice/list-prompt-sets";
import { createPromptSetOperation } from "@/lib/edge/openapi/voice/create-prompt-set";
import { getPromptSetOperation } from "@/lib/edge/openapi/voice/get-prompt-set";
import { updatePromptSetOperation } from "@/lib/edge/openapi/voice/update-prompt-set";
import { deletePromptSetOperation } from "@/lib/edge/openapi/voice/delete-prompt-set";
import { duplicatePromptSetOperation } from "@/lib/edge/openapi/voice/duplicate-prompt-set";
import { generatePromptSetOperation } from "@/lib/edge/openapi/voice/generate-prompt-set";
import { getPromptSetStatusOperation } from "@/lib/edge/openapi/voice/get-prompt-set-status";
import { exportPromptSetCsvOperation } from "@/lib/edge/openapi/voice/export-prompt-set-csv";
import { importPromptSetCsvOperation } from "@/lib/edge/openapi/voice/import-prompt-set-csv";
import { downloadPromptSetArchiveOperation } from "@/lib/edge/openapi/voice/download-prompt-set-archive";
import { listLexiconsOperation } from "@/lib/edge/openapi/voice/list-lexicons";
import { createLexiconOperation } from "@/lib/edge/openapi/voice/create-lexicon";
import { getLexiconOperation } from "@/lib/edge/openapi/voice/get-lexicon";
import { replaceLexiconOperation } from "@/lib/edge/openapi/voice/replace-lexicon";
import { deleteLexiconOperation } from "@/lib/edge/openapi/voice/delete-lexicon";
import { downloadAudioFileOperation } from "@/lib/edge/openapi/voice/download-audio-file";
import { downloadAudioOperation } from "@/lib/edge/openapi/voice/download-audio";

export function buildVoiceDocument(serverUrl?: string, maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  const paths = buildPaths();
  const { schemas, requestBodies } = namedSchemas({
    requestBodies: {
      TtsRequest: buildTtsRequestBodySchema(maxTextLength),
      PromptSetCreate: buildCreatePromptSetBodySchema(maxTextLength),
      PromptSetUpdate: buildUpdatePromptSetBodySchema(maxTextLength),
      PromptSetGenerate: generatePromptSetBodySchema,
      PromptSetDuplicate: z.strictObject({ name: promptSetNameSchema.optional() }),
      LexiconCreate: createLexiconBodySchema,
    },
    input: { VoiceSettings: voiceSettingsSchema },
    output: {
      VoiceSettings: voiceSettingsSchema,
      ResolvedVoiceSettings: resolvedVoiceSettingsSchema,
      Health: healthSchema,
      HealthDetails: healthDetailsSchema,
      VoiceList: voiceListSchema,
      FormatList: formatListSchema,
      TtsResult: ttsResultSchema,
      PromptSet: promptSetSchema,
      PromptSetList: promptSetListSchema,
      PromptSetStatus: promptSetStatusSchema,
      DeletedPromptSet: deletedPromptSetSchema,
      Lexicon: lexiconSchema,
      LexiconList: lexiconListSchema,
      DeletedLexicon: deletedLexiconSchema,
    },
  });
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Voice Prompt API",
      version: "1.1.0",
      license: { name: "Proprietary: for integrating with this service", identifier: "LicenseRef-Proprietary" },
      description:
        "Turns an IVR menu script and a chosen voice into an audio file that plays natively on phone systems. " +
        "Every path but /health needs an organisation's API key (sk_test_... or sk_live_...) in the x-api-key header. " +
        "A method a path does not serve is 405 method_not_allowed with a true Allow header " +
        "(components.responses.MethodNotAllowed); OPTIONS is 204 with the same Allow (AllowedMethods). " +
        "HEAD is served wherever GET is (GET without the body). Every answer carries a Request-Id. A JSON body is " +
        "read as JSON when its Content-Type is application/json, text/plain (UTF-8) or missing.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    tags: [
      { name: "Speech", description: "Generate prompts and download the audio." },
      { name: "Voices", description: "The voices of the connected provider account." },
      { name: "Formats", description: "Every output_format, telephony first." },
      {
        name: "Prompt sets",
        description:
          "A whole IVR menu as one unit: one voice, model, settings and format for up to " +
          `${MAX_PROMPTS_PER_SET} named prompts, generated in the background through the same content cache as POST /tts, ` +
          "and downloaded as one zip laid out for Asterisk, FreeSWITCH or flat, with a manifest.",
      },
      {
        name: "Lexicons",
        description:
          "Pronunciation lexicons (W3C PLS 1.0, IPA) of the organisation, applied by lexicon_ids on POST /tts and " +
          "prompt sets: an alias replaces the word, a phoneme is said in the engine's own notation where it can " +
          "take one (otherwise the alias or the word is said, and warnings says so).",
      },
      { name: "Service", description: "Liveness and the speech engines' state." },
    ],
    paths,
    components: {
      responses: { ...reusedResponses, ...methodResponses },
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "sk_test_... or sk_live_..." },
      },
      schemas: { ...schemas, ...errorSchemas },
      requestBodies: Object.fromEntries(
        Object.entries(requestBodies).map(([name, schema]) => [
          name,
          {
            required: !optionalBodies.has(name),
            content: jsonContent(schema, bodyExamples[name]),
          },
        ]),
      ),
      parameters,
      headers,
    },
  };
  return withRequestId(document);
}

const optionalBodies = new Set(["PromptSetDuplicate", "PromptSetGenerate"]);
const bodyExamples: Record<string, unknown> = {
  TtsRequest: examples.ttsRequest,
  PromptSetCreate: examples.promptSetCreate,
  PromptSetUpdate: examples.promptSetUpdate,
  PromptSetGenerate: examples.promptSetGenerate,
  PromptSetDuplicate: examples.promptSetDuplicate,
  LexiconCreate: examples.lexiconCreate,
};

/** Every answer of the Voice API carries a Request-Id (proxy.ts): declared on every response. */
type Responses = Record<string, { headers?: object; $ref?: string; description?: string }>;
function withRequestId<
  D extends { paths: Record<string, Record<string, { responses: Responses }>>; components: { responses: Responses } },
>(document: D): D {
  const addTo = (responses: Responses) => {
    for (const response of Object.values(responses)) {
      if (response.$ref) continue;
      response.headers = { "Request-Id": componentRef("headers", "RequestId"), ...response.headers };
    }
  };
  addTo(document.components.responses);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) addTo(operation.responses);
  }
  return document;
}

// Every Voice API path, with what it answers to each method.
function buildPaths() {
  return {
    "/health": {
      get: healthOperation(),
    },
    "/health/details": {
      get: healthDetailsOperation(),
    },
    "/voices": {
      get: listVoicesOperation(),
    },
    "/voices/{voiceId}/preview.mp3": {
      get: getVoicePreviewOperation(),
    },
    "/formats": {
      get: listFormatsOperation(),
    },
    "/tts": {
      post: createTtsOperation(),
    },
    "/prompt-sets": {
      get: listPromptSetsOperation(),
      post: createPromptSetOperation(),
    },
    "/prompt-sets/{id}": {
      get: getPromptSetOperation(),
      patch: updatePromptSetOperation(),
      delete: deletePromptSetOperation(),
    },
    "/prompt-sets/{id}/duplicate": {
      post: duplicatePromptSetOperation(),
    },
    "/prompt-sets/{id}/generate": {
      post: generatePromptSetOperation(),
    },
    "/prompt-sets/{id}/status": {
      get: getPromptSetStatusOperation(),
    },
    "/prompt-sets/{id}/prompts.csv": {
      get: exportPromptSetCsvOperation(),
      put: importPromptSetCsvOperation(),
    },
    "/prompt-sets/{id}/archive": {
      get: downloadPromptSetArchiveOperation(),
    },
    "/lexicons": {
      get: listLexiconsOperation(),
      post: createLexiconOperation(),
    },
    "/lexicons/{id}": {
      get: getLexiconOperation(),
      put: replaceLexiconOperation(),
      delete: deleteLexiconOperation(),
    },
    "/files": {
      get: downloadAudioFileOperation(),
    },
    "/files/{key}": {
      get: downloadAudioOperation(),
    },
  };
}

// The documents list exactly the (path, method) pairs the app's route files export for the two
// APIs, so a route added without documenting it (or a documented operation without a route)
// fails CI. Read from the source of app/**/route.ts, as Next.js sees its exports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { apiOfPath } from "@/lib/edge/openapi/api-paths";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { UNDOCUMENTED_ANSWERS, type DocumentName } from "../support/contract";

const APP = path.resolve(import.meta.dirname, "../../app");
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const DOCUMENT_METHODS = ["get", "head", "post", "put", "patch", "delete", "options", "trace"];

/** Which API's document a URL path belongs to (null: neither API): the proxy's own rule. */
function documentOf(urlPath: string): DocumentName | null {
  return apiOfPath(urlPath);
}

type RouteFile = { file: string; urlPath: string; catchAll: boolean; exports: { method: string; local: string }[] };

function routeFiles(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/v1/verification-sessions/[id]/route.ts -> /v1/verification-sessions/{id}; (groups) dropped. */
function toUrlPath(file: string) {
  const segments = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  const catchAll = segments.some((s) => s.startsWith("[[..."));
  const urlPath = `/${segments
    .filter((s) => !s.startsWith("[[..."))
    .map((s) => s.replace(/^\[(?:\.\.\.)?([^\]]+)\]$/, "{$1}"))
    .join("/")}`;
  return { urlPath, catchAll };
}

/** The HTTP method exports of a route file and the local binding each one is. */
function methodExports(file: string) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: { method: string; local: string }[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement)) {
      found.push({ method: statement.name.text, local: statement.name.text });
    } else if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) found.push({ method: d.name.text, local: d.name.text });
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const e of statement.exportClause.elements) {
        found.push({ method: e.name.text, local: (e.propertyName ?? e.name).text });
      }
    }
  }
  return found.filter((e) => HTTP_METHODS.has(e.method));
}

const routes: RouteFile[] = routeFiles()
  .map((file) => ({ file: path.relative(APP, file), ...toUrlPath(file), exports: methodExports(file) }))
  .filter((route) => documentOf(route.urlPath) !== null);

const documents: Record<DocumentName, any> = {
  verification: buildVerificationDocument(),
  voice: buildVoiceDocument(),
};

describe("route files and OpenAPI documents", () => {
  it("finds the route files of both APIs and their exports", () => {
    // Guards the reading itself: were it to find nothing, the comparison below would prove nothing.
    expect(routes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining([
        "/v1/verification-sessions",
        "/v1/webhook-endpoints/{id}",
        "/tts",
        "/files",
        "/files/{key}",
        "/voices/{voiceId}/preview.mp3",
      ]),
    );
    expect(routes.find((r) => r.urlPath === "/v1/verification-sessions")!.exports).toEqual(
      expect.arrayContaining([
        { method: "POST", local: "POST" },
        { method: "PUT", local: "unrecognizedRequest" },
      ]),
    );
    expect(routes.find((r) => r.urlPath === "/files/{key}")!.exports).toEqual(
      expect.arrayContaining([
        { method: "GET", local: "GET" },
        { method: "HEAD", local: "GET" },
        { method: "OPTIONS", local: "options" },
      ]),
    );
  });

  it.each(["verification", "voice"] as const)(
    "the %s document lists exactly the operations its route files export",
    (name) => {
      const deliberate = new Set(UNDOCUMENTED_ANSWERS[name].map((a) => a.handler));
      const exported = new Set<string>();
      for (const route of routes.filter((r) => documentOf(r.urlPath) === name)) {
        for (const { method, local } of route.exports) {
          // HEAD is GET without the body; the documents list GET (the contract check maps HEAD to it).
          if (method === "HEAD") {
            expect(local, `${route.file}: HEAD must be the GET handler`).toBe("GET");
            continue;
          }
          if (deliberate.has(local)) continue;
          // A catch-all route may only give the deliberate answers (it has no operation to document).
          expect(route.catchAll, `${route.file} exports ${method} as ${local}, not a deliberate answer`).toBe(false);
          exported.add(`${method} ${route.urlPath}`);
        }
      }
      const documented = new Set<string>();
      for (const [template, item] of Object.entries<any>(documents[name].paths)) {
        for (const method of DOCUMENT_METHODS) if (item[method]) documented.add(`${method.toUpperCase()} ${template}`);
      }
      expect([...documented].sort()).toEqual([...exported].sort());
    },
  );

  it("every deliberate answer is exported somewhere and has a reason", () => {
    for (const [name, answers] of Object.entries(UNDOCUMENTED_ANSWERS)) {
      for (const answer of answers) {
        expect(answer.reason.length, answer.handler).toBeGreaterThan(40);
        const uses = routes.filter(
          (r) => documentOf(r.urlPath) === name && r.exports.some((e) => e.local === answer.handler),
        );
        expect(uses.length, `${answer.handler} is exported by no ${name} route`).toBeGreaterThan(0);
        // Each route exporting the handler answers paths one of that handler's entries names.
        const paths = answers.filter((a) => a.handler === answer.handler).map((a) => a.path);
        for (const route of uses)
          expect(
            paths.some((p) => p.test(route.urlPath)),
            route.urlPath,
          ).toBe(true);
      }
    }
  });

  it("every API route file is force-dynamic, as the bench's empty handler is", () => {
    // Without it Next.js wraps the request of every call in a Proxy that records each read of
    // its headers, url and body for static rendering that an API never does (next/dist/server/
    // route-modules/app-route/module.js, proxyNextRequest): CPU on every request, and a
    // framework path the bench's baseline does not take.
    const declares = /^export const dynamic = "force-dynamic";$/m;
    const missing = routes.filter((r) => !declares.test(readFileSync(path.join(APP, r.file), "utf8")));
    expect(missing.map((r) => r.file)).toEqual([]);
  });
});

// ESLint: Next.js's rules plus typescript-eslint, and the import fences the architecture relies
// on (CONTRIBUTING.md). A fence is a rule here, not a convention to remember.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
import i18next from "eslint-plugin-i18next";
import prettierConfig from "eslint-config-prettier";
import { layersPlugin } from "./lint/no-folder-cycle.mjs";

// Raw PostgreSQL clients live in lib/platform/db/ only; everything else goes through its named functions.
const rawDatabaseClients = [
  { name: "pg", message: "Raw PostgreSQL clients live in lib/platform/db/; use its functions." },
  { name: "postgres", message: "Raw PostgreSQL clients live in lib/platform/db/; use its functions." },
  { name: "@prisma/adapter-pg", message: "Raw PostgreSQL clients live in lib/platform/db/; use its functions." },
];
const databaseModules = ["@/lib/platform/db", "@/lib/platform/db/*", "@/lib/generated/*"];
const noDatabase = {
  group: databaseModules,
  message: "Pages, routes and components call domain functions in lib/, not the database.",
};

// The layers of the house (docs/architecture.md), each a folder: a file's layer is where it
// lives, never its name. A layer imports its own folder and those it names; a file no layer
// claims is an error, so a new folder has to be placed. The first element that matches claims a
// file, which is how a worker program (below) is told from the TypeScript beside it.
const layers = [
  // Worker programs (*.mjs): run as their own processes by URL, outside the bundle. They import
  // packages and each other, never the app's modules (which would load a second copy of them).
  { type: "worker", pattern: ["lib/**/*.mjs"], imports: [] },
  // Configuration, the database, storage, logs, mail, HTTP helpers and the job engine.
  { type: "platform", pattern: ["lib/platform/**", "lib/generated/**"], imports: [] },
  // Users, teams, organisations, API keys and rate limits: what both products stand on.
  { type: "account", pattern: ["lib/account/**"], imports: ["platform"] },
  // The two products; neither imports the other.
  { type: "verification", pattern: ["lib/verification/**"], imports: ["account", "platform", "worker"] },
  { type: "voice", pattern: ["lib/voice/**"], imports: ["account", "platform"] },
  // Where callers come in: API wrappers, server actions, the dashboard user and Auth.js, OpenAPI
  // documents, job handlers and the server's start-up checks.
  { type: "edge", pattern: ["lib/edge/**"], imports: ["verification", "voice", "account", "platform"] },
  // Where background work comes in (the design card's inngest/): nothing in lib/ imports it.
  {
    type: "background",
    pattern: ["inngest/**"],
    imports: ["edge", "verification", "voice", "account", "platform"],
  },
  {
    type: "components",
    pattern: ["components/**"],
    imports: ["edge", "verification", "voice", "account", "platform"],
  },
  {
    type: "app",
    pattern: ["app/**"],
    imports: ["components", "background", "edge", "verification", "voice", "account", "platform"],
  },
  // The files Next.js runs from the repository root (proxy.ts, instrumentation*.ts), and next-intl's
  // request configuration (i18n/request.ts), which Next.js loads by that path.
  {
    type: "root",
    pattern: ["*.ts", "i18n/**"],
    imports: ["background", "edge", "verification", "voice", "account", "platform"],
  },
];
// What the layers check: every file of the app's code, the root files Next.js runs included.
const layeredFiles = [
  "lib/**/*.{ts,tsx,mjs}",
  "inngest/**/*.ts",
  "i18n/**/*.ts",
  "components/**/*.{ts,tsx}",
  "app/**/*.{ts,tsx}",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
];

// Who is calling, read by the edge only (lib/edge/auth/current-user.ts, lib/edge/api/with-bound-session.ts).
const callerReadMessage =
  "app/ does not read the caller itself: use requireDashboardUser (lib/edge/auth/current-user.ts) or withBoundSession / bindingSecretForPage (lib/edge/api/with-bound-session.ts).";
const callerReads = [{ name: "next/headers", importNames: ["cookies"], message: callerReadMessage }];
// By pattern, so a relative import is caught as well as the @/ one.
const callerReadPatterns = [
  { group: ["**/current-user"], importNames: ["getCurrentUser"], message: callerReadMessage },
  { group: ["**/load-bound-session"], importNames: ["loadBoundSession"], message: callerReadMessage },
];
const layoutUser = {
  name: "@/lib/edge/auth/current-user",
  importNames: ["userForLayout"],
  message: "Only a layout reads the user without a gate; a page starts with requireDashboardUser.",
};

// The request's cookies, read in app/ (req.cookies, request.cookies): the same caller read as
// cookies(), so it goes through the same edge helpers.
const requestCookies = {
  selector: "MemberExpression[object.name=/^(req|request)$/][property.name='cookies']",
  message: callerReadMessage,
};
const rawSql = {
  selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]",
  message: "Raw SQL lives in lib/platform/db/ as a named function; call that function here.",
};

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through lib/platform/env.ts (add the variable there and to .env.example).",
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    rules: {
      // A variable assigned after a closure that reads it is declared with let on purpose.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  // Configuration comes from lib/platform/env.ts. Test, bench and script harnesses set up environments
  // for the processes they start, and the config files are read by tools before lib/ exists.
  {
    files: ["**/*.ts", "**/*.tsx"],
    ignores: [
      "lib/platform/env.ts",
      "instrumentation.ts",
      "next.config.ts",
      "prisma.config.ts",
      "playwright.config.ts",
      "scripts/**",
      "tests/**",
      "e2e/**",
      "bench/**",
      "**/*.test.ts",
    ],
    rules: { "no-restricted-syntax": ["error", noProcessEnv] },
  },
  // Pages, route handlers and the proxy call domain functions; they never hold a database client.
  {
    files: ["proxy.ts"],
    rules: { "no-restricted-imports": ["error", { paths: rawDatabaseClients, patterns: [noDatabase] }] },
  },
  // Nor do pages read who is calling themselves: the dashboard user comes through
  // requireDashboardUser (which redirects to sign-in and back) and a hosted-flow session through
  // the binding check of lib/edge/api/with-bound-session.ts, so no page can forget either.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [...rawDatabaseClients, ...callerReads], patterns: [noDatabase, ...callerReadPatterns] },
      ],
    },
  },
  // A layout renders the header for whoever is signed in; only a layout may read the user without
  // a gate (each page under it gates itself).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/layout.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [...rawDatabaseClients, ...callerReads, layoutUser],
          patterns: [noDatabase, ...callerReadPatterns],
        },
      ],
    },
  },
  // Components are used by pages, never the other way: what they need (server actions, result
  // types) lives in lib/; and, like pages, they never hold a database client.
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: rawDatabaseClients,
          patterns: [
            noDatabase,
            {
              group: ["@/app/*", "**/app/*"],
              message: "components/ must not depend on app/; move what it needs to lib/.",
            },
          ],
        },
      ],
    },
  },
  // lib/ never reaches back into app/; raw clients stay in lib/platform/db/.
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/platform/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: rawDatabaseClients,
          patterns: [
            { group: ["@/app/*", "**/app/*"], message: "lib/ must not depend on app/." },
            {
              group: ["@/lib/platform/db/hot-query"],
              message: "Raw PostgreSQL clients live in lib/platform/db/; use its named functions.",
            },
          ],
        },
      ],
    },
  },
  // The layers: no upward or cross-product import, no cycle. Tests sit beside their modules and may reach across
  // layers to set up what they check; they are still held to no cycles through production code
  // by the production files themselves.
  {
    files: layeredFiles,
    ignores: ["**/*.test.ts", "lib/generated/**"],
    plugins: { boundaries, layers: layersPlugin },
    settings: {
      "boundaries/elements": layers.map(({ type, pattern }) => ({ type, pattern, mode: "full" })),
      "boundaries/include": layeredFiles,
    },
    rules: {
      "boundaries/no-unknown-files": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "{{from.type}} must not import {{to.type}} ({{to.path}}): a layer imports only its own folder and the layers it names (docs/architecture.md)",
          policies: layers.map(({ type, imports }) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...imports] } } } },
          })),
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // A cycle between two folders of one layer, made of files that are in no cycle themselves.
      "layers/no-folder-cycle": "error",
    },
  },
  // Tests, browser tests, the bench and scripts may poke at internals and loosely typed JSON.
  {
    files: ["tests/**", "e2e/**", "bench/**", "scripts/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  // Playwright's fixture callback is named `use`, which the hooks rule mistakes for React's.
  {
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // What the end user of the hosted flow reads comes from the message catalogue (messages/*.json,
  // issue 51): no literal text in JSX, in attributes a user sees or hears, in these folders.
  {
    files: ["components/verify/**/*.tsx", "app/verify/**/*.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "should-validate-template": true,
          callees: { exclude: ["t", "t\\.rich", "require"] },
          "jsx-attributes": { include: ["alt", "aria-label", "title", "placeholder", "label", "pendingLabel"] },
        },
      ],
    },
  },
  // Type-aware rules (issue #49): a promise is awaited, returned or marked `void` on purpose, never
  // dropped or handed where a void callback is expected; and `{...} as T` is refused, because it
  // hides a missing field that a typed variable (`const x: T = {...}`) or `satisfies` reports.
  {
    files: ["**/*.ts", "**/*.tsx"],
    // Fixtures linted as text at paths where no file is (tests/architecture) have no program.
    ignores: ["lib/generated/**", "tests/openapi/generated-client/**", "**/fixture-*.{ts,tsx}", "**/fixture/**"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // React ignores what an event handler returns, so an async handler in a JSX attribute is
      // allowed (typescript-eslint's option for React); everywhere else a promise where a void
      // callback is expected is refused.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-assertions": [
        "error",
        { assertionStyle: "as", objectLiteralTypeAssertions: "never" },
      ],
    },
  },
  // Raw SQL is written in lib/platform/db/ only, as named functions with typed rows (issue #49),
  // with no exception elsewhere. The rule repeats noProcessEnv: a later no-restricted-syntax replaces it.
  {
    files: ["lib/**/*.ts", "inngest/**/*.ts", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: ["lib/platform/db/**", "lib/platform/env.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", noProcessEnv, rawSql],
    },
  },
  // app/ reads no cookie of the request itself either (see callerReads); repeats the two above.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", noProcessEnv, rawSql, requestCookies] },
  },
  // Layout is Prettier's (`npm run format`); ESLint keeps to what the code means.
  prettierConfig,
];

export default config;

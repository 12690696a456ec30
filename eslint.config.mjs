// ESLint: Next.js's rules plus typescript-eslint, and the import fences the architecture relies
// on (CONTRIBUTING.md). A fence is a rule here, not a convention to remember.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
import i18next from "eslint-plugin-i18next";
import prettierConfig from "eslint-config-prettier";

// Raw PostgreSQL clients live in lib/db/ only; everything else goes through its named functions.
const rawDatabaseClients = [
  { name: "pg", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
  { name: "postgres", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
  { name: "@prisma/adapter-pg", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
];
const databaseModules = ["@/lib/db", "@/lib/db/*", "@/lib/generated/*"];
const noDatabase = {
  group: databaseModules,
  message: "Pages, routes and components call domain functions in lib/, not the database.",
};

// The floors of the house (docs/architecture.md), top to bottom. A file may import from its own
// floor and the floors below it, never from one above; a file no floor claims is an error, so a
// new folder has to be placed. The first element whose pattern matches a file claims it, which
// is how the few files that sit below (or above) their folder's floor are placed, by name.
const floors = [
  { type: "config", pattern: ["lib/env.ts", "lib/config/**"] },
  {
    type: "infrastructure",
    pattern: [
      "lib/db/**",
      "lib/generated/**",
      "lib/storage/**",
      "lib/audio/**",
      "lib/log.ts",
      "lib/log-context.ts",
      "lib/crypto/**",
      "lib/csv/**",
      "lib/text/**",
      "lib/ids.ts",
      "lib/lazy.ts",
      "lib/storable-text.ts",
      "lib/mail/**",
      // The job engines and definitions; what runs a job (handlers, registry) is edge.
      "lib/jobs/define-job.ts",
      "lib/jobs/definitions/**",
      "lib/jobs/schedule-job.ts",
      "lib/jobs/job-runner.ts",
      "lib/jobs/inngest/client.ts",
      "lib/jobs/inngest/job-function.ts",
    ],
  },
  // What both APIs speak, below the domains that throw and read with it: body readers, search
  // parameters, the /v1 error (lib/api/errors.ts: the domains throw ApiError).
  { type: "http", pattern: ["lib/http/**", "lib/api/errors.ts"] },
  {
    type: "domain",
    pattern: [
      "lib/verification/**",
      "lib/voice/**",
      "lib/prompt-sets/**",
      "lib/webhooks/**",
      "lib/keys/**",
      "lib/orgs/**",
      "lib/teams/**",
      "lib/users/!(current-user).ts",
      "lib/idempotency/**",
      "lib/dashboard/**",
      "lib/studio/**",
      "lib/rate-limit/**",
    ],
  },
  // Where callers come in: API wrappers, the dashboard user, the OpenAPI documents, and where
  // background work comes in (the job handlers and the engines' wiring).
  {
    type: "edge",
    pattern: [
      "lib/api/**",
      "lib/actions/**",
      "lib/openapi/**",
      "lib/users/current-user.ts",
      "auth.ts",
      "lib/jobs/handlers/**",
      "lib/jobs/registry.ts",
      "lib/jobs/relay-jobs-to-inngest.ts",
      "lib/jobs/start-background-work.ts",
      "lib/jobs/inngest/route-handlers.ts",
      "lib/start-server.ts",
    ],
  },
  { type: "components", pattern: ["components/**"] },
  { type: "app", pattern: ["app/**"] },
];
const floorNames = floors.map((floor) => floor.type);

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through lib/env.ts (add the variable there and to .env.example).",
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
  // Configuration comes from lib/env.ts. Test, bench and script harnesses set up environments
  // for the processes they start, and the config files are read by tools before lib/ exists.
  {
    files: ["**/*.ts", "**/*.tsx"],
    ignores: [
      "lib/env.ts",
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
    files: ["app/**/*.{ts,tsx}", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", { paths: rawDatabaseClients, patterns: [noDatabase] }] },
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
  // lib/ never reaches back into app/; raw clients stay in lib/db/.
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: rawDatabaseClients,
          patterns: [
            { group: ["@/app/*", "**/app/*"], message: "lib/ must not depend on app/." },
            {
              group: ["@/lib/db/hot-query"],
              message: "Raw PostgreSQL clients live in lib/db/; use its named functions.",
            },
          ],
        },
      ],
    },
  },
  // The floors: no upward import, no cycle. Tests sit beside their modules and may reach across
  // floors to set up what they check; they are still held to no cycles through production code
  // by the production files themselves.
  {
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "auth.ts"],
    ignores: ["**/*.test.ts", "lib/generated/**"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": floors.map((floor) => ({ ...floor, mode: "full" })),
      "boundaries/include": ["lib/**", "components/**", "app/**", "auth.ts"],
    },
    rules: {
      "boundaries/no-unknown-files": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "{{from.type}} must not import {{to.type}} ({{to.path}}): a floor imports only its own and those below (docs/architecture.md)",
          policies: floorNames.map((type, index) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: floorNames.slice(0, index + 1) } } } },
          })),
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
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
  // Layout is Prettier's (`npm run format`); ESLint keeps to what the code means.
  prettierConfig,
];

export default config;

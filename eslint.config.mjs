// ESLint: Next.js's rules plus typescript-eslint, and the import fences the architecture relies
// on (CONTRIBUTING.md). A fence is a rule here, not a convention to remember.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettierConfig from "eslint-config-prettier";

// Raw PostgreSQL clients live in lib/db/ only; everything else goes through its named functions.
const rawDatabaseClients = [
  { name: "pg", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
  { name: "postgres", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
  { name: "@prisma/adapter-pg", message: "Raw PostgreSQL clients live in lib/db/; use its functions." },
];
const databaseModules = ["@/lib/db", "@/lib/db/*", "@/lib/generated/*"];

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
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: rawDatabaseClients,
          patterns: [
            { group: databaseModules, message: "Pages and routes call domain functions in lib/, not the database." },
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
  // Layout is Prettier's (`npm run format`); ESLint keeps to what the code means.
  prettierConfig,
];

export default config;

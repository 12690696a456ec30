// The embedded PostgreSQL default, written once: the server `npm run dev`/`npm start`/`npm run cli`
// start when DATABASE_URL is unset (scripts/with-db.ts), and the URL the app assumes then.
// Plain constants, importable by scripts that run outside Next.js.
export const EMBEDDED_DATABASE = {
  dataDir: ".data/postgres",
  port: 54329,
  database: "voiceage",
  user: "postgres",
  password: "postgres",
} as const;

export function embeddedDatabaseUrl(
  port: number = EMBEDDED_DATABASE.port,
  database: string = EMBEDDED_DATABASE.database,
) {
  return `postgresql://${EMBEDDED_DATABASE.user}:${EMBEDDED_DATABASE.password}@127.0.0.1:${port}/${database}`;
}

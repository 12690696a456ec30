import type { ESLint } from "eslint";

/** The folder a repository path belongs to for the folder-cycle rule: lib/<layer>/<folder>, lib/<layer>/(top level) for a file directly in a layer, or null. */
export function folderOf(relativePath: string): string | null;
export const layersPlugin: ESLint.Plugin;

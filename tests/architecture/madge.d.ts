// The part of madge's API the architecture test uses (madge ships no types).
declare module "madge" {
  type MadgeResult = {
    /** Each file (relative to baseDir) with the files it imports. */
    obj(): Record<string, string[]>;
    /** Each import cycle, as the files along it. */
    circular(): string[][];
  };
  type MadgeConfig = {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  };
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}

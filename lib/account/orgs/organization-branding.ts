import "server-only";
import sharp from "sharp";
import { db } from "@/lib/platform/db";
import { contrastWithWhite, MIN_CONTRAST, normaliseHexColour } from "@/lib/account/orgs/accent-colour";

// The organisation's logo and accent colour on the hosted flow (Settings). The logo is an
// organisation's asset, never an end user's image: it is rasterised here to a small PNG and only
// that PNG is stored, so no SVG (scripts, external references) ever reaches a page.

/** The largest upload accepted, before rasterising. */
export const MAX_LOGO_BYTES = 512 * 1024;
/** The stored PNG's box: twice the header's 32 px height, and at most four times as wide. */
const LOGO_HEIGHT = 64;
const LOGO_MAX_WIDTH = 256;
/** Images larger than this are refused before they are decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 4096 * 4096;

export type BrandingRefusal = { field: "logo" | "color"; message: string };

type LogoKind = "png" | "jpeg" | "svg";

function sniffLogo(bytes: Uint8Array): LogoKind | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("utf8").trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  return null;
}

/**
 * An SVG is rasterised, so its scripts never run; what is refused here is what the rasteriser
 * itself would act on: a DOCTYPE (entities, external DTDs) and any reference outside the file
 * (href or url() to anything but a fragment or a data: URL).
 */
function svgRefusal(text: string): string | null {
  if (/<!doctype|<!entity/i.test(text)) return "This SVG declares a DOCTYPE or entities. Export it again without them.";
  const references = [...text.matchAll(/(?:href\s*=\s*["']|url\(\s*["']?)([^"')\s]*)/gi)].map((m) => m[1]);
  if (references.some((ref) => !ref.startsWith("#") && !ref.toLowerCase().startsWith("data:")))
    return "This SVG refers to files or addresses outside itself. Embed everything it needs, or upload a PNG.";
  return null;
}

/** The uploaded logo as the PNG to store, or why it is refused. */
export async function rasteriseLogo(bytes: Uint8Array): Promise<{ png: Buffer } | BrandingRefusal> {
  const refuse = (message: string): BrandingRefusal => ({ field: "logo", message });
  if (bytes.length === 0) return refuse("Choose a logo file.");
  if (bytes.length > MAX_LOGO_BYTES) return refuse("The logo must be at most 512 KB.");
  const kind = sniffLogo(bytes);
  if (!kind) return refuse("Upload the logo as a PNG, JPEG or SVG file.");
  if (kind === "svg") {
    const refusal = svgRefusal(Buffer.from(bytes).toString("utf8"));
    if (refusal) return refuse(refusal);
  }
  try {
    const png = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density: kind === "svg" ? 144 : undefined })
      .resize({ height: LOGO_HEIGHT, width: LOGO_MAX_WIDTH, fit: "inside", withoutEnlargement: kind !== "svg" })
      .png()
      .toBuffer();
    return { png };
  } catch {
    return refuse("We couldn't read this image. Upload another PNG, JPEG or SVG file.");
  }
}

/** The colour to store ("#rrggbb"), or why it is refused: it must keep WCAG AA contrast with white. */
export function checkAccentColour(input: string): { color: string } | BrandingRefusal {
  const color = normaliseHexColour(input);
  if (!color) return { field: "color", message: "Enter the colour as a hex code, like #0b5cad." };
  const ratio = contrastWithWhite(color);
  if (ratio < MIN_CONTRAST)
    return {
      field: "color",
      message: `This colour has a contrast of ${ratio.toFixed(2)}:1 with white text; it needs at least ${MIN_CONTRAST}:1 (WCAG AA). Choose a darker shade.`,
    };
  return { color };
}

/** The organisation's display name, accent colour and logo (a data: URL of the stored PNG). */
export async function getOrganizationBranding(orgId: string) {
  const org = await db.organization.findUnique({
    where: { id: orgId },
    select: { displayName: true, brandColor: true, logoPng: true },
  });
  return {
    displayName: org?.displayName ?? null,
    color: org?.brandColor ?? null,
    logo: org?.logoPng ? `data:image/png;base64,${Buffer.from(org.logoPng).toString("base64")}` : null,
  };
}

/** Saves what is given: a colour (null: the default), a new logo's PNG, or removes the logo. */
export async function saveOrganizationBranding(
  orgId: string,
  change: { color: string | null; logo?: Buffer | null },
): Promise<void> {
  await db.organization.update({
    where: { id: orgId },
    data: {
      brandColor: change.color,
      ...(change.logo === undefined ? {} : { logoPng: change.logo === null ? null : new Uint8Array(change.logo) }),
    },
  });
}

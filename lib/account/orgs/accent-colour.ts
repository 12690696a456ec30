// The organisation's accent colour on the hosted pages: white button text on it and the colour as
// text on white must both keep WCAG AA contrast (4.5:1 for normal text), so one check suffices.
// Pure; importable by client and server.

/** WCAG AA for normal-size text. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

/** "#RGB" or "#RRGGBB" (any case) as "#rrggbb", or null for anything else. */
export function normaliseHexColour(input: string): string | null {
  const value = input.trim().toLowerCase();
  const long = /^#[0-9a-f]{3}$/.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : value;
  return HEX.test(long) ? long : null;
}

/** WCAG 2 relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of "#rrggbb" against white, from 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

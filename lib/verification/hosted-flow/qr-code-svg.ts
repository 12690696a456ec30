import "server-only";
import QRCode from "qrcode";

/**
 * An SVG QR code of `text`, made on the server (no script or CDN on the page). Medium error
 * correction and a four-module quiet zone, as phone cameras read best.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#0f172a", light: "#ffffff" },
  });
}

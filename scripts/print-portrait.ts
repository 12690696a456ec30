// A simulated phone photo of an identity card's portrait, for the face-match evaluation (npm run
// eval:face-match) and the unit tests of match-faces.ts: the face photo is cropped to a
// portrait, printed small (optionally in grey, as laser-engraved cards are), softened as print
// and a camera soften it, placed where a TD1 card has its portrait on a plain card with a few
// text lines, and the card photographed on a dark table, filling most of the frame, as JPEG.
import sharp from "sharp";

export type PrintOptions = {
  /** The printed portrait's width in the photo, in pixels (a card filling a 640 px frame: about 130). */
  portraitWidth: number;
  grey: boolean;
  /** Gaussian blur (sigma, in pixels of the photo) of the print and the camera together. */
  blur: number;
  jpegQuality: number;
};

/** A TD1 card is 85.6 mm wide; its portrait about 22 mm. */
const PORTRAIT_SHARE_OF_CARD = 22 / 85.6;
/** The card fills this share of the frame's width, as a capture guide asks. */
const CARD_SHARE_OF_FRAME = 0.8;

/**
 * The portrait crop of a photo whose face is centred and about 40% of its width (LFW, the face
 * fixtures): 35:45, the passport photo's proportions, head and shoulders.
 */
async function portraitCrop(photo: Uint8Array): Promise<sharp.Sharp> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const cropWidth = Math.round(width * 0.6);
  const cropHeight = Math.min(height, Math.round((cropWidth * 45) / 35));
  return sharp(photo).extract({
    left: Math.round((width - cropWidth) / 2),
    top: Math.max(0, Math.round(height * 0.48 - cropHeight / 2)),
    width: cropWidth,
    height: cropHeight,
  });
}

/** The card with its printed portrait, and where the portrait is on it. */
async function printedCard(photo: Uint8Array, options: PrintOptions) {
  const portraitWidth = Math.round(options.portraitWidth);
  const portraitHeight = Math.round((portraitWidth * 45) / 35);
  let portrait = (await portraitCrop(photo)).resize(portraitWidth, portraitHeight, { fit: "fill" });
  // Print: a little contrast lost, blacks lifted, and (engraved cards) grey.
  portrait = portrait.linear(0.85, 18);
  if (options.grey) portrait = portrait.greyscale();
  const printed = await portrait.toColourspace("srgb").png().toBuffer();

  const cardWidth = Math.round(portraitWidth / PORTRAIT_SHARE_OF_CARD);
  const cardHeight = Math.round((cardWidth * 54) / 85.6);
  const line = (x: number, y: number, w: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${Math.max(2, Math.round(cardHeight * 0.035))}" fill="#3a4250" rx="1"/>`;
  const textX = Math.round(cardWidth * 0.36);
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cardWidth}" height="${cardHeight}">
      <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#dfe9f1"/><stop offset="1" stop-color="#f3ead8"/></linearGradient></defs>
      <rect width="100%" height="100%" rx="${Math.round(cardWidth * 0.04)}" fill="url(#g)"/>
      ${[0.2, 0.3, 0.4, 0.55, 0.65].map((y, i) => line(textX, Math.round(cardHeight * y), Math.round(cardWidth * (i % 2 ? 0.35 : 0.5)))).join("")}
    </svg>`,
  );
  const portraitLeft = Math.round(cardWidth * 0.04);
  const portraitTop = Math.round((cardHeight - portraitHeight) / 2);
  const image = await sharp(card)
    .composite([{ input: printed, left: portraitLeft, top: portraitTop }])
    .png()
    .toBuffer();
  return { image, cardWidth, cardHeight, portraitLeft, portraitTop, portraitWidth, portraitHeight };
}

export async function printPortraitOnCard(photo: Uint8Array, options: PrintOptions): Promise<Uint8Array> {
  const { image: cardImage, cardWidth, cardHeight } = await printedCard(photo, options);
  const frameWidth = Math.round(cardWidth / CARD_SHARE_OF_FRAME);
  const frameHeight = Math.round((frameWidth * 3) / 4);
  const frame = await sharp({ create: { width: frameWidth, height: frameHeight, channels: 3, background: "#3b3632" } })
    .composite([
      {
        input: cardImage,
        left: Math.round((frameWidth - cardWidth) / 2),
        top: Math.round((frameHeight - cardHeight) / 2),
      },
    ])
    .png()
    .toBuffer();
  return photograph(frame, options);
}

/** The camera's capture of a frame: its blur and its JPEG quality. */
async function photograph(frame: Buffer, options: PrintOptions): Promise<Uint8Array> {
  const photographed = await sharp(frame)
    .blur(Math.max(0.3, options.blur))
    .jpeg({ quality: options.jpegQuality })
    .toBuffer();
  return new Uint8Array(photographed);
}

/** The selfie camera's frame: 640x480, as the selfie step sends it. */
const SELFIE_FRAME = { width: 640, height: 480 };

/**
 * The same card held up close to the selfie camera (the attack the same-image check refuses): the
 * portrait fills the middle of a 640x480 frame, the rest of the card around it, with this capture's
 * own blur and JPEG quality. Pass the print of the document's photo (same `grey`) with a larger
 * `portraitWidth`: the card is nearer the camera than in the document's photo.
 */
export async function holdCardUpToCamera(photo: Uint8Array, options: PrintOptions): Promise<Uint8Array> {
  const card = await printedCard(photo, options);
  // The frame spans 2.2 portrait widths, so the face is about a quarter of its width, as in a selfie.
  const width = Math.round(card.portraitWidth * 2.2);
  const height = Math.round((width * SELFIE_FRAME.height) / SELFIE_FRAME.width);
  const centreX = card.portraitLeft + card.portraitWidth / 2;
  const centreY = card.portraitTop + card.portraitHeight / 2;
  // The card on a dark background wide enough for any frame around its portrait.
  const pad = width;
  const padded = await sharp(card.image)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#3b3632" })
    .png()
    .toBuffer();
  const frame = await sharp(padded)
    .extract({
      left: Math.round(pad + centreX - width / 2),
      top: Math.round(pad + centreY - height / 2),
      width,
      height,
    })
    .resize(SELFIE_FRAME.width, SELFIE_FRAME.height)
    .png()
    .toBuffer();
  return photograph(frame, options);
}

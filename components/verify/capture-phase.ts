/** Where a photo capture is: choosing how, the camera starting or live, the photo in review, or sending. */
export type CapturePhase = "choose" | "starting" | "camera" | "review" | "sending";

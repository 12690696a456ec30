import { describe, expect, it } from "vitest";
import { speakIvrText } from "@/lib/voice/providers/speak-ivr-text";

describe("speakIvrText", () => {
  it("names the keypad keys, pound in North America and hash elsewhere", () => {
    expect(speakIvrText("Press # to confirm, or * to go back.", "en-US")).toBe(
      "Press pound to confirm, or star to go back.",
    );
    expect(speakIvrText("Press the # key.", "en-GB")).toBe("Press the hash key.");
    expect(speakIvrText("Dial *67 or #5.", "en-US")).toBe("Dial star 67 or pound 5.");
  });

  it("says the cents of a price", () => {
    expect(speakIvrText("Your payment of $45.50 is due.", "en-US")).toBe(
      "Your payment of 45 dollars and 50 cents is due.",
    );
    expect(speakIvrText("$1.01, $0.99, $0.00 and $1,250.00", "en-US")).toBe(
      "1 dollar and 1 cent, 99 cents, 0 dollars and 1,250 dollars",
    );
    // Whole-dollar prices the engines already say well are left alone.
    expect(speakIvrText("The minimum payment is $25.", "en-US")).toBe("The minimum payment is $25.");
  });

  it("reads phone numbers in groups, digit by digit, with toll-free 800 as eight hundred", () => {
    expect(speakIvrText("Call 1-800-555-0199 today.", "en-US")).toBe("Call 1, eight hundred, 5 5 5, 0 1 9 9 today.");
    expect(speakIvrText("Call (555) 123-4567.", "en-US")).toBe("Call 5 5 5, 1 2 3, 4 5 6 7.");
    expect(speakIvrText("Call +1 212.555.0100.", "en-US")).toBe("Call 1, 2 1 2, 5 5 5, 0 1 0 0.");
  });

  it("leaves what is not a phone number, a price or a key as it is", () => {
    for (const text of [
      "Enter 123-45-6789 now.",
      "Your balance is 1,250 points.",
      "Call us 24 hours a day, 7 days a week.",
      "Your order 5551234567 shipped.",
      "For sales, press 1.",
    ])
      expect(speakIvrText(text, "en-US")).toBe(text);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_CARD_DISPLAY, parseCardDisplay } from "./card-display";

describe("the stored card display setting", () => {
  it("reads what was saved", () => {
    expect(parseCardDisplay('{"readings":"hover","readAloud":true}')).toEqual({ readings: "hover", readAloud: true });
    expect(parseCardDisplay('{"readings":"never","readAloud":false}')).toEqual({ readings: "never", readAloud: false });
  });

  it("falls back to the default for nothing, broken or unknown values", () => {
    expect(parseCardDisplay(null)).toEqual(DEFAULT_CARD_DISPLAY);
    expect(parseCardDisplay("{")).toEqual(DEFAULT_CARD_DISPLAY);
    expect(parseCardDisplay("42")).toEqual(DEFAULT_CARD_DISPLAY);
    expect(parseCardDisplay('{"readings":"sometimes","readAloud":"yes"}')).toEqual(DEFAULT_CARD_DISPLAY);
  });
});

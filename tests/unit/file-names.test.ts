import { describe, expect, it } from "vitest";
import { withTypeExtension } from "@common/file-names";

describe("withTypeExtension (issue 31: every download keeps its extension)", () => {
  it("adds the real type's extension to a name without it", () => {
    expect(withTypeExtension("DNI de María", "application/pdf")).toBe("DNI de María.pdf");
    expect(withTypeExtension("dni", "image/png")).toBe("dni.png");
    expect(withTypeExtension("foto", "image/jpeg")).toBe("foto.jpg");
    expect(withTypeExtension("informe.v2", "application/pdf")).toBe("informe.v2.pdf");
  });
  it("keeps a name that already ends with it, in any case, and .jpeg for a JPEG", () => {
    expect(withTypeExtension("dni.pdf", "application/pdf")).toBe("dni.pdf");
    expect(withTypeExtension("DNI.PDF", "application/pdf")).toBe("DNI.PDF");
    expect(withTypeExtension("foto.jpeg", "image/jpeg")).toBe("foto.jpeg");
  });
  it("leaves an unknown type's name (and an empty name) alone", () => {
    expect(withTypeExtension("datos", "application/octet-stream")).toBe("datos");
    expect(withTypeExtension("", "application/pdf")).toBe("");
  });
});

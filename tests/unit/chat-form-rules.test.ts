import { describe, expect, it } from "vitest";
import { definitionProblems, validateForm, type FormDefinition } from "@common/forms";

const def: FormDefinition = {
  header: { name: "Prueba" },
  fields: [
    { name: "nombre", label: "Nombre", type: "text", required: true, minLength: 3, maxLength: 10 },
    { name: "dni", label: "DNI", type: "text", pattern: "\\d{7,8}" },
    { name: "edad", label: "Edad", type: "number", min: 18, max: 120 },
    { name: "fecha", label: "Fecha", type: "date", min: "2000-01-01" },
    { name: "email", label: "Correo", type: "email" },
    { name: "tel", label: "Teléfono", type: "phone" },
    { name: "loc", label: "Localidad", type: "select", options: [{ value: "a", label: "A" }] },
    { name: "via", label: "Vía", type: "radio", required: true, options: [{ value: "x", label: "X" }] },
    {
      name: "sit",
      label: "Situación",
      type: "checkbox",
      options: [
        { value: "s1", label: "S1" },
        { value: "s2", label: "S2" },
      ],
    },
    { name: "ok", label: "Acepto", type: "checkbox", required: true },
    { name: "obs", label: "Obs", type: "textarea", maxLength: 5 },
  ],
};

describe("form rules", () => {
  it("accepts valid values and normalises them", () => {
    const r = validateForm(def, {
      nombre: " Ana ",
      dni: "1234567",
      edad: "30",
      fecha: "2001-02-03",
      email: "a@b.ar",
      tel: "+54 261 4555123",
      loc: "a",
      via: "x",
      sit: ["s1", "s2"],
      ok: "on",
      obs: "hola",
      extra: "x",
    });
    expect(r.errors).toEqual({});
    expect(r.values.nombre).toBe("Ana");
    expect(r.values.sit).toEqual(["s1", "s2"]);
    expect("extra" in r.values).toBe(false);
  });

  it("answers one error code per failing field", () => {
    const r = validateForm(def, {
      nombre: "An",
      dni: "12.345",
      edad: "10",
      fecha: "1999-12-31",
      email: "no",
      tel: "abc",
      loc: "z",
      via: "",
      sit: ["zz"],
      obs: "demasiado",
    });
    expect(r.errors).toEqual({
      nombre: "minLength",
      dni: "pattern",
      edad: "min",
      fecha: "min",
      email: "email",
      tel: "phone",
      loc: "option",
      via: "required",
      sit: "option",
      ok: "required",
      obs: "maxLength",
    });
    expect(validateForm(def, { edad: "abc", nombre: "Ana", via: "x", ok: "on" }).errors).toEqual({ edad: "number" });
  });

  it("a date typed dd/mm/yyyy (a text browser's plain box) is read and kept as yyyy-mm-dd (issue 31)", () => {
    const base = { nombre: "Ana", via: "x", ok: "on" };
    const typed = validateForm(def, { ...base, fecha: "03/02/2001" });
    expect(typed.errors).toEqual({});
    expect(typed.values.fecha).toBe("2001-02-03");
    expect(validateForm(def, { ...base, fecha: "31/12/1999" }).errors).toEqual({ fecha: "min" });
    expect(validateForm(def, { ...base, fecha: "30/02/2001" }).errors).toEqual({ fecha: "date" });
  });

  it("checks the shape of a definition", () => {
    expect(definitionProblems(def)).toEqual([]);
    expect(definitionProblems({ header: { name: "" }, fields: [{ name: "1x", label: "", type: "nope" }] })).toEqual([
      "header.name",
      "fields.0.name",
      "fields.0.label",
      "fields.0.type",
    ]);
  });
});

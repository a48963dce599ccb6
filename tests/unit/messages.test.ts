import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as catalogue from "../../app/lib/messages";
import { ACCEPTED_UPLOAD_EXTENSIONS, common, digital, errors, furniture, procedureChat, procedures, records } from "../../app/lib/messages";

describe("messages catalogue", () => {
  it("has the furniture texts of section 1", () => {
    expect(furniture.title).toBe("Atención Virtual");
    expect(furniture.profile.noData).toBe("Sin dato");
    expect(furniture.profile.initialsFallback).toBe("SD");
    expect(furniture.profile.logout).toBe("Cerrar sesión");
    expect(furniture.menu).toEqual({ procedures: "Trámites", records: "Expedientes", digital: "Domicilio digital" });
    expect(furniture.footer.hours).toBe("Lunes a viernes de 8 a 18 hs");
    expect(furniture.footer.tollFreeNumber).toMatch(/^0800-\d{3}-\d{4}$/);
    expect(furniture.footer.social).toHaveLength(4);
    for (const s of furniture.footer.social) expect(s.href).toMatch(/^https:\/\//);
  });

  it("labels route segments of section 2 that the portal has: each label names a segment of a route", () => {
    const segments = new Set(
      readdirSync(new URL("../../app/routes/", import.meta.url)).flatMap((file) => file.replace(/\.tsx?$/, "").split(".")),
    );
    const labelled = Object.keys(furniture.routeLabels);
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.filter((segment) => !segments.has(segment))).toEqual([]);
  });

  it("has the screen texts of section 2", () => {
    expect(furniture.loading).toBe("Estamos cargando la información...");
    expect(procedures.emptyTray).toBe("Por el momento, la bandeja está vacía");
    expect(procedures.requirements.acceptTerms).toBe("He leído y acepto los términos y condiciones");
    expect(procedures.requirements.previousInstances).toBe("Instancias iniciadas anteriormente");
    expect(procedureChat.form.saving).toBe("Guardando formulario…");
    expect(procedureChat.form.loading).toBe("Cargando formulario…");
    expect(procedures.noAdhesion.cardTitle).toBe("No te encuentras adherido");
    expect(procedures.noAdhesion.button).toBe("Adherirme");
    expect(procedures.available.filters).toEqual({
      highlighted: "Destacados",
      byTopic: "Por tema",
      byAgency: "Por organismo",
      byRecipient: "Por destinatario",
    });
    expect(furniture.errorPage).toEqual({
      title: "Oops",
      heading: "Hubo un error al cargar la página.",
      text: "Por favor, regresa al inicio o vuelve a intentarlo más tarde.",
      button: "Ir al inicio",
    });
    expect(digital.empty.noResults).toBe("No se encontraron resultados. Intenta ajustar los filtros de búsqueda");
    expect(digital.summary.number).toBe("N° de comunicación");
    expect(digital.confirm.createTitle).toBe("Ya te encuentras adherido");
    expect(digital.confirm.updateTitle).toBe("Se han modificado tus datos correctamente");
    expect(records.manager.noReferences).toBe("No se encontraron las referencias a los expedientes asociados");
    expect(records.manager.empty.pending).toBe("No hay documentos pendientes en el expediente");
    expect(records.previewModal.loading).toBe("Estamos cargando los documentos...");
    expect(records.detailsModal.empty).toBe("Por el momento, no hay detalles para mostrar.");
    expect(records.uploadModal.title).toBe("Agregar Documentos");
    expect(records.deleteModal.loading).toBe("Eliminando documento...");
  });

  it("has the validation texts of section 5", () => {
    expect(errors.upload.tooLarge).toBe("Error al subir el documento. El archivo supera el límite permitido de 50MB.");
    expect(errors.upload.invalidFormat(errors.upload.acceptedFormatsList)).toBe(
      "Error al subir el documento. Por favor seleccione uno de los siguientes formatos .pdf, .jpeg, .jpg, .png",
    );
    expect(ACCEPTED_UPLOAD_EXTENSIONS).toEqual([".pdf", ".jpeg", ".jpg", ".png"]);
    expect(errors.byCode.REQUIRED_FILES_NOT_UPLOADED).toBe("Debe adjuntar los documentos solicitados antes de enviar su consulta.");
    expect(errors.formInvalid).toBe("El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente.");
  });

  it("has the toasts of section 8, with parameters", () => {
    expect(procedures.toasts.discardSuccess).toBe("Éxito al cancelar el trámite.");
    expect(procedures.toasts.sortError).toBe("Error al obtener las instancias en el orden seleccionado. Intente nuevamente.");
    expect(procedureChat.toasts.sendQueryError).toBe("Error al enviar su consulta. Intente nuevamente.");
    expect(digital.toasts.archiveSuccess("DD-2026-00042")).toBe("Éxito al archivar comunicación DD-2026-00042.");
    expect(digital.toasts.recoverSuccess(17)).toBe("Éxito al recuperar la comunicación 17.");
    expect(digital.toasts.recoverManyError).toBe("Error al recuperar comunicaciones. Intente nuevamente.");
    expect(records.toasts.sendSuccess(1)).toBe("Éxito al enviar el documento pendiente.");
    expect(records.toasts.sendSuccess(3)).toBe("Éxito al enviar los documentos pendientes.");
    expect(records.toasts.sendError(2)).toBe("Error al enviar los documentos pendientes. Intente nuevamente.");
    expect(records.toasts.previewError).toBe("Algo salió mal al obtener el documento para previsualizar. Intente nuevamente.");
  });

  it("builds the parameterised screen texts", () => {
    expect(digital.tabs.all(12)).toBe("Todos (12)");
    expect(digital.tabs.unread(0)).toBe("No Leídos (0)");
    expect(digital.moreFilters(3)).toBe("+3");
    expect(records.manager.fileNumber("EX-2026-123")).toBe("Número de expediente: EX-2026-123");
    expect(records.manager.order(7)).toBe("ORDEN 7");
    expect(records.sendModal.title(1)).toBe("¿Desea enviar el documento pendiente?");
    expect(records.sendModal.title(2)).toBe("¿Desea enviar los documentos pendientes?");
    expect(records.sendModal.loading(2)).toBe("Enviando los documentos...");
    expect(common.fields.characterCount(12, 1000)).toBe("12/1000 caracteres");
    expect(common.phone("351", "5551234")).toBe("+54 9 351 5551234");
  });

  it("re-exports every section module of app/lib/messages/ from the one catalogue", () => {
    const files = readdirSync(new URL("../../app/lib/messages/", import.meta.url)).map((f) => f.replace(/\.ts$/, ""));
    const sections = files.filter((f) => f !== "constants").sort();
    expect(sections).toEqual(
      expect.arrayContaining(["common", "furniture", "procedures", "digital", "records", "errors", "accessibility"]),
    );
    expect(
      Object.keys(catalogue)
        .filter((k) => /^[a-z]/.test(k))
        .sort(),
    ).toEqual(sections);
  });

  it("has no empty texts and no stray whitespace", () => {
    const walk = (value: unknown, path: string): void => {
      if (typeof value === "string") {
        expect(value.trim().length, path).toBeGreaterThan(0);
        expect(value, path).toBe(value.trimStart());
        expect(/\s{2}/.test(value), path).toBe(false);
        // Only a prefix may end with a space.
        if (value !== value.trimEnd()) expect(path).toBe("messages.common.errorTitlePrefix");
      } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    };
    walk(Object.fromEntries(Object.entries(catalogue).filter(([k]) => /^[a-z]/.test(k))), "messages");
  });
});

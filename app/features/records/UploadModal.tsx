import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { ACCEPTED_UPLOAD_EXTENSIONS, ACCEPTED_UPLOAD_MIME_TYPES } from "~/lib/messages/constants";
import { errors as E } from "~/lib/messages/errors";
import { records as t } from "~/lib/messages/records";
import { Checkbox, ErrorSummary, Modal, Spinner, TextField, useHydrated, type ErrorSummaryItem } from "~/ui";
import type { UploadEnd, UploadJob } from "~/ui/UploadProgress";
import { managerHref, withoutModal, type ManagerState } from "./url";

const loadProgress = () => import("~/ui/UploadProgress");
const UploadProgress = lazy(loadProgress);

const u = t.uploadModal;
export const UPLOAD_SLOTS = 3;
import { UPLOAD_LIMIT_BYTES as MAX_UPLOAD_BYTES } from "@common/limits";
const ACCEPT = [...ACCEPTED_UPLOAD_EXTENSIONS, ...ACCEPTED_UPLOAD_MIME_TYPES].join(",");

export type UploadErrors = { form?: string; slots?: Record<number, { file?: string; name?: string; reference?: string }> };
/** What a card of the form without JavaScript had when it came back: its texts and the file held for it (decision 067). */
export type UploadSlotValues = { name: string; reference: string; held?: { token: string; fileName: string } };
/** The action's answer when the form without JavaScript comes back with errors. */
export type UploadAnswer = { uploadErrors: UploadErrors; uploadValues: Record<number, UploadSlotValues> };

type Item = { key: string; file: File; name: string; reference: string };

const isAccepted = (file: File) =>
  (ACCEPTED_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type) ||
  ACCEPTED_UPLOAD_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * 'Agregar Documentos'. Without JavaScript: one multipart form with three cards; when it comes back
 * with errors, an error summary, the texts filled in again and each file already sent held (its name
 * shown, another choice replaces it, 'Quitar' lets it go).
 */
export function UploadModal({ state, answer }: { state: ManagerState; answer?: UploadAnswer | null }) {
  const hydrated = useHydrated();
  const closeHref = withoutModal(state);
  return (
    <Modal id="rec-modal" title={u.title} open closeHref={closeHref} size="lg">
      {hydrated ? (
        <UploadEnhanced state={state} />
      ) : (
        <UploadPlain state={state} errors={answer?.uploadErrors ?? null} values={answer?.uploadValues ?? {}} />
      )}
    </Modal>
  );
}

function UploadPlain({
  state,
  errors,
  values,
}: {
  state: ManagerState;
  errors: UploadErrors | null;
  values: Record<number, UploadSlotValues>;
}) {
  const closeHref = withoutModal(state);
  const fields = ["file", "name", "reference"] as const;
  const summary: ErrorSummaryItem[] = [
    ...(errors?.form ? [{ fieldId: "up-file-0", message: errors.form }] : []),
    ...Array.from({ length: UPLOAD_SLOTS }, (_, i) =>
      fields.flatMap((field) => {
        const message = errors?.slots?.[i]?.[field];
        return message ? [{ fieldId: `up-${field}-${i}`, message: t.ui.slotError(i + 1, message) }] : [];
      }),
    ).flat(),
  ];
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={managerHref({ file: state.file, modal: "upload" })}
      className="rec-upload"
      noValidate
    >
      <ErrorSummary errors={summary} />
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="upload" />
      <p className="field__hint">{t.ui.acceptedHint}</p>
      <ol className="rec-upload__cards">
        {Array.from({ length: UPLOAD_SLOTS }, (_, i) => {
          const slot = errors?.slots?.[i] ?? {};
          const value = values[i];
          const held = value?.held;
          const heldId = `up-held-${i}`;
          return (
            <li key={i} className="card rec-upload__card">
              <h3 className="rec-subtitle">{t.ui.slot(i + 1)}</h3>
              {held ? (
                <>
                  <input type="hidden" name={`held_${i}`} value={held.token} />
                  <p className="rec-upload__held" id={heldId}>
                    {t.ui.attachedFile(held.fileName)}
                  </p>
                </>
              ) : null}
              <TextField
                id={`up-file-${i}`}
                name={`file_${i}`}
                type="file"
                label={u.fileLabel}
                hint={held ? t.ui.replaceHint : undefined}
                error={slot.file}
                accept={ACCEPT}
                aria-describedby={held ? heldId : undefined}
              />
              {held ? <Checkbox id={`up-remove-${i}`} name={`remove_${i}`} value="1" label={u.remove(held.fileName)} /> : null}
              <TextField
                id={`up-name-${i}`}
                name={`name_${i}`}
                label={u.name}
                error={slot.name}
                maxLength={255}
                defaultValue={value?.name ?? ""}
              />
              <TextField
                id={`up-reference-${i}`}
                name={`reference_${i}`}
                label={u.reference}
                error={slot.reference}
                maxLength={500}
                defaultValue={value?.reference ?? ""}
              />
            </li>
          );
        })}
      </ol>
      <div className="rec-modal__actions">
        <Link className="btn btn--secondary" to={closeHref} replace preventScrollReset>
          {u.close}
        </Link>
        <button type="submit" className="btn btn--primary">
          {u.submit}
        </button>
      </div>
    </Form>
  );
}

function UploadEnhanced({ state }: { state: ManagerState }) {
  const closeHref = withoutModal(state);
  const [items, setItems] = useState<Item[]>([]);
  const [jobs, setJobs] = useState<UploadJob[] | null>(null);
  const busy = Boolean(jobs);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const navigation = useNavigation();
  const registering = useRef(false);
  // A registration that failed comes back to this modal, still open (issue 36): the cards stay as typed
  // and 'Subir' can be pressed again.
  useEffect(() => {
    if (navigation.state !== "idle" || !registering.current) return;
    registering.current = false;
    setJobs(null);
  }, [navigation.state]);
  const baseId = useId();

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    setProblem(null);
    const added: Item[] = [];
    for (const file of Array.from(files)) {
      if (file.size > MAX_UPLOAD_BYTES) {
        setProblem(E.upload.tooLarge);
        continue;
      }
      if (!isAccepted(file)) {
        setProblem(E.upload.invalidFormat(E.upload.acceptedFormatsList));
        continue;
      }
      added.push({ key: `${Date.now()}-${Math.random()}`, file, name: file.name.replace(/\.[^.]+$/, ""), reference: "" });
    }
    setItems((current) => [...current, ...added]);
    void loadProgress(); // ready before 'Subir'

    // The file input is cleared after every choice (spec section 5).
    if (inputRef.current) inputRef.current.value = "";
  };

  const update = (key: string, changes: Partial<Item>) =>
    setItems((current) => current.map((i) => (i.key === key ? { ...i, ...changes } : i)));
  const incomplete = items.length === 0 || items.some((i) => !i.name.trim() || !i.reference.trim());

  // 'Subir' sends the files one by one with their progress (issue 32), then registers them all.
  const upload = () => {
    if (incomplete || jobs) return;
    setProblem(null);
    setJobs(
      items.map((item) => {
        const form = new FormData();
        form.set("csrf", csrf);
        form.set("file", item.file, item.file.name);
        return { url: "/resources/records/upload", name: item.file.name, form };
      }),
    );
  };
  const ended = (end: UploadEnd) => {
    if ("message" in end) {
      setProblem(end.message);
      return setJobs(null);
    }
    const registered = items.map((item, i) => ({
      fileId: end.answers[i]!.fileId,
      fileName: item.name.trim(),
      reference: item.reference.trim(),
      mime: item.file.type || "application/octet-stream",
    }));
    registering.current = true;
    submit(
      { intent: "register", csrf, files: JSON.stringify(registered), returnTo: closeHref },
      { method: "post", action: managerHref({ file: state.file }), replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="rec-upload">
      <p className="field__hint" id={`${baseId}-hint`}>
        {t.ui.acceptedHint}
      </p>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {/* Not a Field: the file box is hidden and opened by the 'Subir nuevo archivo' button (a custom upload control). */}
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        className="visually-hidden"
        type="file"
        multiple
        accept={ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => addFiles(event.currentTarget.files)}
      />
      {items.length ? (
        <ol className="rec-upload__cards">
          {items.map((item, i) => (
            <li key={item.key} className="card rec-upload__card">
              <div className="rec-upload__cardhead">
                <h3 className="rec-subtitle">{item.file.name}</h3>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setItems((c) => c.filter((x) => x.key !== item.key))}
                  disabled={busy}
                >
                  {u.remove(item.file.name)}
                </button>
              </div>
              <TextField
                id={`${baseId}-name-${i}`}
                label={u.name}
                required
                maxLength={255}
                value={item.name}
                onChange={(event) => update(item.key, { name: event.currentTarget.value })}
                aria-invalid={!item.name.trim() || undefined}
              />
              <TextField
                id={`${baseId}-ref-${i}`}
                label={u.reference}
                required
                maxLength={500}
                value={item.reference}
                onChange={(event) => update(item.key, { reference: event.currentTarget.value })}
                aria-invalid={!item.reference.trim() || undefined}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="rec-empty">{t.ui.noFileChosen}</p>
      )}
      {jobs ? (
        <>
          <Spinner label={u.loading} showLabel />
          <Suspense>
            <UploadProgress jobs={jobs} failure={t.toasts.uploadError} onEnd={ended} />
          </Suspense>
        </>
      ) : null}
      <div className="rec-modal__actions">
        <button type="button" className="btn btn--secondary" onClick={() => inputRef.current?.click()} disabled={busy}>
          {u.uploadNew}
        </button>
        <Link className="btn btn--secondary" to={closeHref} replace preventScrollReset>
          {u.close}
        </Link>
        <button type="button" className="btn btn--primary" disabled={incomplete || busy} onClick={upload}>
          {u.submit}
        </button>
      </div>
    </div>
  );
}

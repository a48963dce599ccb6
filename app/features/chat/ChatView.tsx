/**
 * The chat screen (spec section 2): events with date separators, 'OP' for the operator, the
 * requested documents (attach a file, open their form, discard a file to send, rejection
 * reasons), and the message box with its 'n/1000 caracteres' counter. Without JavaScript every
 * step is a form post; with it the conversation is polled every few seconds, sending is
 * optimistic, and a file is checked (type and size) before it is uploaded.
 */
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import type { Chat, ChatDocument, ChatEvent } from "~/api/chat.server";
import { formatLongDate, formatTime } from "~/lib/dates";
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { common } from "~/lib/messages/common";
import { errors as E } from "~/lib/messages/errors";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import { Badge, LinkButton, SubmitButton, TextArea, TimesInUtc, useHydrated } from "~/ui";
import type { ChatActionData, ChatMode } from "./chat.server";
import { useLocalDraft } from "~/features/session/local-draft";
import { DueDate } from "~/features/deadlines/DueDate";
import type { UploadEnd, UploadJob } from "~/ui/UploadProgress";

import { UPLOAD_LIMIT_BYTES as UPLOAD_LIMIT } from "@common/limits";
const POLL_MS = 4000;
/**
 * Without JavaScript a requested document's file box and its 'Adjuntar' button belong to the message's
 * form (decision 016), so the text typed before attaching travels with the file and comes back.
 */
const COMPOSER = "chat-composer";
const loadProgress = () => import("~/ui/UploadProgress");
const UploadProgress = lazy(loadProgress);
const c = t.chat;

export type ChatViewProps = {
  mode: ChatMode;
  chat: Chat;
  terms: boolean;
  idempotencyKey: string;
  self: string;
  actionData?: ChatActionData | null;
};

function extensionsOf(doc: ChatDocument): string[] {
  const list = (doc.spec.validExtensions ?? []).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  return list.length ? list : [...ACCEPTED_UPLOAD_EXTENSIONS];
}

function formUrl(chat: Chat, doc: ChatDocument) {
  const q = new URLSearchParams();
  q.set("procedure", String(chat.procedureId));
  if (chat.instanceId) q.set("instance", chat.instanceId);
  if (doc.spec.form) q.set("form", doc.spec.form.id);
  return `/procedures/form/?${q.toString()}`;
}

/** Polls the conversation through a resource route (which does not extend the session). */
function useLiveChat(initial: Chat, mode: ChatMode, busy: boolean): Chat {
  const poll = useFetcher<Chat>();
  const hydrated = useHydrated();
  // The newest of the loader's chat and the last poll's answer, adjusted while rendering when either
  // changes (React's "adjusting state when a prop changes"; a new loader chat wins a tie).
  const [seen, setSeen] = useState({ initial, polled: poll.data, latest: initial });
  let latest = seen.latest;
  if (seen.initial !== initial || seen.polled !== poll.data) {
    if (seen.initial !== initial) latest = initial;
    else if (poll.data && poll.data.instanceId === initial.instanceId) latest = poll.data;
    setSeen({ initial, polled: poll.data, latest });
  }
  useEffect(() => {
    if (!hydrated || mode === "draft" || !initial.instanceId) return;
    const timer = setInterval(() => {
      if (busy || poll.state !== "idle" || document.visibilityState !== "visible") return;
      poll.load(`/resources/chat/events?instance=${encodeURIComponent(initial.instanceId!)}${mode === "preview" ? "&preview=1" : ""}`);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [hydrated, mode, initial.instanceId, busy, poll]);
  return latest;
}

export function ChatView({ mode, chat: initial, terms, idempotencyKey, self, actionData }: ChatViewProps) {
  const sender = useFetcher<ChatActionData>();
  const hydrated = useHydrated();
  // With JavaScript the message goes through this fetcher, and a file through AttachForm's upload.
  const sending = sender.state !== "idle";
  // 'Enviar' waits for a file still on its way, and for the conversation read again after it: sent
  // before, the message would go without that document (and the backend would ask for it again).
  const [uploads, setUploads] = useState(0);
  const onUpload = useCallback((started: boolean) => setUploads((n) => n + (started ? 1 : -1)), []);
  const refreshing = useRevalidator().state !== "idle";
  const chat = useLiveChat(initial, mode, sending);
  const result = (sender.data ?? actionData) as ChatActionData | undefined;
  const requiredError = Boolean(result?.required);
  const [text, setText] = useState(result?.message ?? "");
  const pendingText = sender.state !== "idle" ? String(sender.formData?.get("message") ?? "").trim() : "";
  const docs = new Map(chat.current.documents.map((d) => [d.id, d]));
  const toSend = chat.current.documents.filter((d) => d.status === "toSend");
  const readOnly = mode === "preview" || !chat.current.open;
  // Decision 032: the unsent text is kept in this tab (for this citizen) and restored on return;
  // sending lets the copy go (a send refused by an expired session is kept by the server).
  const dropLocalDraft = useLocalDraft(`chat:${self}`, readOnly ? "" : text, setText);
  const canSend = text.trim().length > 0 || toSend.length > 0;
  const listRef = useRef<HTMLOListElement>(null);
  const count = chat.events.length;

  useEffect(() => {
    const list = listRef.current;
    if (list && hydrated) list.scrollTop = list.scrollHeight;
  }, [count, pendingText, hydrated]);

  const SendForm = hydrated ? sender.Form : Form;

  return (
    <section className="chat" aria-labelledby="page-title">
      <div className="page-head chat__head">
        <div>
          <p className="chat__eyebrow">{c.title}</p>
          <h1 id="page-title" className="page-title">
            {chat.procedureDescription}
          </h1>
          {chat.current.state ? <Badge color={chat.current.state.color}>{chat.current.state.text}</Badge> : null}
        </div>
        <LinkButton to="/procedures" variant="secondary" size="sm">
          {c.backToTray}
        </LinkButton>
      </div>

      {requiredError ? (
        <div className="alert alert--error" role="alert" id="required-error">
          {E.byCode.REQUIRED_FILES_NOT_UPLOADED}
        </div>
      ) : null}

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list: focusable so the keyboard can scroll it (WCAG 2.1.1); a region role would hide that it is a list */}
      <ol className="chat__events" aria-label={c.conversationLabel} ref={listRef} tabIndex={0}>
        {chat.events.map((event) => (
          <EventItem
            key={event.id}
            event={event}
            chat={chat}
            docs={docs}
            readOnly={readOnly}
            requiredError={requiredError}
            busy={sending}
            onUpload={onUpload}
            self={self}
          />
        ))}
        {pendingText ? (
          <li className="chat-event chat-event--user chat-event--pending">
            <div className="chat-bubble">
              <p className="chat-bubble__author">{c.you}</p>
              <p className="chat-bubble__text">{pendingText}</p>
              <p className="chat-bubble__meta">{c.pendingMessage}</p>
            </div>
          </li>
        ) : null}
      </ol>
      {chat.events.some((e) => e.type !== "dateSeparator") ? <TimesInUtc /> : null}
      <div className="visually-hidden" aria-live="polite">
        {hydrated && count !== initial.events.length ? (chat.events[chat.events.length - 1]?.message ?? "") : ""}
      </div>

      {mode === "preview" ? (
        <p className="chat__note">{c.readOnly}</p>
      ) : !chat.current.open ? (
        <p className="chat__note">{c.closed}</p>
      ) : (
        <SendForm method="post" action={self} className="chat__composer" id={COMPOSER} onSubmit={dropLocalDraft}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="key" value={idempotencyKey} />
          <input type="hidden" name="procedureId" value={chat.procedureId ?? ""} />
          {/* procedureAcceptedTerms travels only with the first message (spec section 5). */}
          {mode === "draft" && terms ? <input type="hidden" name="procedureAcceptedTerms" value="true" /> : null}
          <TextArea
            id="chat-message"
            name="message"
            label={c.messageLabel}
            maxLength={MAX_MESSAGE_LENGTH}
            rows={3}
            value={hydrated ? text : undefined}
            defaultValue={hydrated ? undefined : (result?.message ?? "")}
            onChange={(e) => setText(e.currentTarget.value)}
            error={result?.messageError ?? null}
            required={mode === "draft"}
          />
          <SubmitButton
            disabled={hydrated ? !canSend || sending || uploads > 0 || refreshing : undefined}
            pending={sending}
            pendingLabel={c.sending}
            className="chat__send"
          >
            {c.send}
          </SubmitButton>
        </SendForm>
      )}
    </section>
  );
}

function EventItem(props: {
  event: ChatEvent;
  chat: Chat;
  docs: Map<string, ChatDocument>;
  readOnly: boolean;
  requiredError: boolean;
  busy: boolean;
  onUpload: (started: boolean) => void;
  self: string;
}) {
  const { event } = props;
  if (event.type === "dateSeparator") {
    return (
      <li className="chat-sep">
        <span>{formatLongDate(event.description ?? event.createdAt)}</span>
      </li>
    );
  }
  const operator = event.author === "operator";
  const title = c.eventTitles[event.type];
  return (
    <li className={`chat-event chat-event--${operator ? "operator" : "user"}`}>
      {operator ? (
        <span className="chat-avatar" aria-hidden="true">
          {c.operator}
        </span>
      ) : null}
      <div className="chat-bubble">
        <p className="chat-bubble__author">
          {operator ? (
            <>
              <abbr title={c.operatorName}>{c.operator}</abbr>
              {event.commiter?.cn ? <span className="chat-bubble__cn"> · {event.commiter.cn}</span> : null}
            </>
          ) : (
            c.you
          )}
        </p>
        {/* A title the message repeats word for word ('Inicio del trámite') is said once. */}
        {title && event.type !== "text" && title !== event.message?.trim() ? <p className="chat-bubble__title">{title}</p> : null}
        {event.message ? <p className="chat-bubble__text">{event.message}</p> : null}
        {event.description ? <p className="chat-bubble__desc">{event.description}</p> : null}
        {event.documents.length ? (
          <ul className="chat-docs" aria-label={title ?? c.requiredDocuments}>
            {event.documents.map((d) => (
              <DocumentItem key={d.id} snapshot={d} {...props} />
            ))}
          </ul>
        ) : null}
        {event.id !== "to-send" ? (
          <p className="chat-bubble__meta">
            <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
          </p>
        ) : null}
      </div>
    </li>
  );
}

function DocumentItem({
  snapshot,
  event,
  chat,
  docs,
  readOnly,
  requiredError,
  busy,
  onUpload,
  self,
}: {
  snapshot: ChatDocument;
  event: ChatEvent;
  chat: Chat;
  docs: Map<string, ChatDocument>;
  readOnly: boolean;
  requiredError: boolean;
  busy: boolean;
  onUpload: (started: boolean) => void;
  self: string;
}) {
  const live = event.type === "requestedDocuments" || event.type === "toSendDocuments";
  const doc = live ? (docs.get(snapshot.id) ?? snapshot) : snapshot;
  const missing = requiredError && doc.isRequired && doc.status === "requested";
  const actionable = live && !readOnly;
  const id = `doc-${doc.id}-${event.id}`;
  return (
    <li className={["chat-doc", missing ? "chat-doc--missing" : ""].filter(Boolean).join(" ")} id={id} data-status={doc.status}>
      <p className="chat-doc__name">
        <strong>{doc.spec.description}</strong> <span className="chat-doc__req">({doc.isRequired ? c.required : c.optional})</span>
      </p>
      {doc.dueDate && (doc.status === "requested" || doc.status === "toSend") ? (
        <p className="chat-doc__due">
          <DueDate due={doc.dueDate} />
        </p>
      ) : null}
      <p className="chat-doc__status">
        {c.status[doc.status] ?? doc.status}
        {doc.file ? <> · {doc.file.name}</> : null}
      </p>
      {doc.status === "rejected" && doc.reason ? (
        <p className="chat-doc__reason">
          <strong>{c.rejectedReason}:</strong> {doc.reason}
        </p>
      ) : null}
      {missing ? (
        <p className="chat-doc__missing" id={`${id}-missing`}>
          {E.byCode.REQUIRED_FILES_NOT_UPLOADED}
        </p>
      ) : null}
      {actionable && doc.status === "requested" && event.type === "requestedDocuments" ? (
        doc.spec.form ? (
          <Link className="btn btn--secondary btn--sm" to={formUrl(chat, doc)}>
            {c.openForm}
          </Link>
        ) : (
          <AttachForm doc={doc} self={self} busy={busy} onUpload={onUpload} describedBy={missing ? `${id}-missing` : undefined} />
        )
      ) : null}
      {actionable && doc.status === "toSend" && event.type === "toSendDocuments" ? (
        <Form method="post" action={self} className="chat-doc__discard">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="document" value={doc.id} />
          <SubmitButton variant="ghost" size="sm" name="document" value={doc.id} pendingLabel={common.submitting}>
            {c.discardFile}
            <span className="visually-hidden"> {doc.file?.name ?? doc.spec.description}</span>
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}

function AttachForm({
  doc,
  self,
  busy,
  onUpload,
  describedBy,
}: {
  doc: ChatDocument;
  self: string;
  busy: boolean;
  onUpload: (started: boolean) => void;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const list = extensionsOf(doc);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<UploadJob[] | null>(null);
  const uploading = job !== null;
  useEffect(() => {
    if (!uploading) return;
    onUpload(true);
    return () => onUpload(false);
  }, [uploading, onUpload]);
  const inputId = `file-${doc.id}`;
  const token = useAuthenticityToken();
  const input = useRef<HTMLInputElement>(null);
  const { revalidate } = useRevalidator();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(null);
    if (!file) return;
    void loadProgress(); // ready before 'Adjuntar archivo'
    const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? "";
    let problem: string | null = null;
    if (!list.includes(ext)) problem = E.upload.invalidFormat(list.join(", "));
    else if (file.size > UPLOAD_LIMIT) problem = E.upload.tooLarge;
    if (problem) {
      setError(problem);
      input.value = "";
      return;
    }
  };

  // With JavaScript the file goes over XMLHttpRequest, with its progress (issue 32), to a resource
  // route that does what the page's post does and answers JSON; then the conversation is read again.
  // The file input is cleared as the upload starts: its file travels in the form data (spec section 5).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const file = input.current?.files?.[0];
    event.preventDefault();
    if (!file) return;
    setError(null);
    setJob([{ url: `/resources/chat/attach${location.search}`, name: file.name, form: new FormData(form) }]);
    form.reset();
  };
  const ended = (end: UploadEnd) => {
    setJob(null);
    if ("message" in end) setError(end.message);
    else revalidate();
  };

  return (
    <Form method="post" action={self} encType="multipart/form-data" className="chat-doc__attach" onSubmit={hydrated ? onSubmit : undefined}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="attach" />
      <input type="hidden" name="document" value={doc.id} />
      {/* Not a TextField: a file box whose check on choosing is announced (role="alert") and whose hint always comes first. */}
      <label className="field__label" htmlFor={inputId}>
        {c.chooseFile(doc.spec.description)}
      </label>
      <p className="field__hint" id={`${inputId}-hint`}>
        {c.acceptedFormats(list.join(", "))}
      </p>
      {error ? (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {/* Without JavaScript this box posts with the message's form, which comes later in the page: its
          token must come first, as the upload reader checks it before a file's first byte (form.server.ts). */}
      {hydrated ? null : <input type="hidden" name="csrf" value={token} form={COMPOSER} />}
      <input
        ref={input}
        id={inputId}
        type="file"
        name={`file-${doc.id}`}
        form={hydrated ? undefined : COMPOSER}
        accept={list.join(",")}
        required={hydrated}
        className="chat-doc__file"
        onChange={hydrated ? onChange : undefined}
        aria-invalid={error || describedBy ? true : undefined}
        aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : null, describedBy].filter(Boolean).join(" ")}
        disabled={hydrated && (busy || job) ? true : undefined}
      />
      {/* While the chat sends or refreshes the input is disabled, and a disabled input is not posted:
          the button waits too, so a file already chosen is never dropped from the post. */}
      {job ? (
        <Suspense>
          <UploadProgress jobs={job} failure={t.toasts.uploadError} onEnd={ended} />
        </Suspense>
      ) : (
        <SubmitButton
          size="sm"
          variant="secondary"
          name="document"
          value={doc.id}
          pendingLabel={c.uploading}
          aria-disabled={hydrated && busy ? true : undefined}
          form={hydrated ? undefined : COMPOSER}
          formEncType={hydrated ? undefined : "multipart/form-data"}
        >
          {c.attach}
        </SubmitButton>
      )}
    </Form>
  );
}

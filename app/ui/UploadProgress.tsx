/**
 * The progress of an upload with JavaScript (issue 32), loaded lazily (React.lazy) by the screens
 * that upload, so that no route carries it before a citizen uploads. The files go one by one (spec
 * section 4) over XMLHttpRequest (app/lib/xhr-upload.ts); each shows a native `<progress>` with its
 * name and percentage in text ('Subiendo dni.pdf: 45 %'). A polite live region says the same at each
 * quarter and at each new file, not at every percent. 'Cancelar la subida' stops the body where it is
 * (the portal drops what it read, so nothing is stored); once a body is whole it is being saved and
 * can no longer be cancelled, so the button goes.
 */
import { useEffect, useId, useRef, useState } from "react";
import { sendForm, type Sending } from "~/lib/xhr-upload";
import { errors as E } from "~/lib/messages/errors";
import { uploads as U } from "~/lib/messages/uploads";

export type UploadJob = { url: string; name: string; form: FormData };
/** Every answer's JSON body, in order; or the text to show (a refusal, a failure, a cancel). */
export type UploadEnd = { answers: Record<string, unknown>[] } | { message: string };

type Props = { jobs: UploadJob[]; failure: string; onEnd: (end: UploadEnd) => void };

export default function UploadProgress({ jobs, failure, onEnd }: Props) {
  const id = useId();
  const [at, setAt] = useState({ index: 0, percent: 0 });
  const sending = useRef<Sending | null>(null);
  const end = useRef(onEnd);
  useEffect(() => {
    end.current = onEnd;
  });

  useEffect(() => {
    let live = true;
    const finish = (result: UploadEnd) => live && end.current(result);
    void (async () => {
      const answers: Record<string, unknown>[] = [];
      for (const [index, job] of jobs.entries()) {
        setAt({ index, percent: 0 });
        sending.current = sendForm(job.url, job.form, (loaded, total) => setAt({ index, percent: Math.floor((loaded / total) * 100) }));
        try {
          const { status, body } = await sending.current.done;
          if (status < 200 || status > 299 || !body) {
            const said = body?.error ?? body?.message;
            return finish({ message: typeof said === "string" ? said : status === 413 ? E.upload.tooLarge : failure });
          }
          answers.push(body);
        } catch (error) {
          return finish({ message: error instanceof DOMException && error.name === "AbortError" ? U.cancelled : failure });
        }
      }
      finish({ answers });
    })();
    return () => {
      live = false;
      sending.current?.abort();
    };
  }, [jobs, failure]);

  const job = jobs[at.index]!;
  const saving = at.percent >= 100;
  const line = saving ? U.saving(job.name) : U.progress(job.name, at.percent);
  // What the live region says: the line at each quarter (0, 25, 50, 75) and once the file is whole.
  const step = saving ? U.saving(job.name) : U.progress(job.name, at.percent - (at.percent % 25));
  return (
    <div className="upload-progress">
      {jobs.length > 1 ? <p className="upload-progress__count">{U.ofMany(at.index + 1, jobs.length)}</p> : null}
      <label htmlFor={id} className="upload-progress__label">
        {line}
      </label>
      <progress id={id} max={100} value={at.percent} className="upload-progress__bar" />
      <p className="visually-hidden" aria-live="polite">
        {step}
      </p>
      {saving ? null : (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => sending.current?.abort()}>
          {U.cancel}
        </button>
      )}
    </div>
  );
}

/**
 * A form post with upload progress (issue 32). `fetch` reports nothing while a request body is
 * sent; XMLHttpRequest's `upload` events do, so an upload goes through here. Browser only; loaded
 * lazily with the progress bar (app/ui/UploadProgress.tsx), so no route carries it before a
 * citizen uploads.
 */
export type Sent = { status: number; body: Record<string, unknown> | null };

export type Sending = {
  /** The answer (its JSON body, or null); rejects with an `AbortError` on `abort()`, a `TypeError` on a network failure. */
  done: Promise<Sent>;
  /** Stops the body where it is: the portal drops what it read, nothing is stored. */
  abort: () => void;
};

export function sendForm(url: string, form: FormData, onProgress: (loaded: number, total: number) => void): Sending {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Sent>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as Sent["body"] });
    xhr.onerror = () => reject(new TypeError("network"));
    xhr.onabort = () => reject(new DOMException("cancelled", "AbortError"));
  });
  xhr.open("POST", url);
  xhr.responseType = "json";
  xhr.withCredentials = true;
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}

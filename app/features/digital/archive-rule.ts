import type { Communication } from "~/api/digital.server";

/**
 * Spec section 2: a communication may be archived (or recovered) only once all its files were
 * downloaded. One module of its own, shared by the inbox and the summary.
 */
export const allDownloaded = (c: Pick<Communication, "files">) => c.files.every((f) => f.downloaded);

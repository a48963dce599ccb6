/** Limits both sides enforce, each written once. */

/** One uploaded file, checked while streaming on both sides (architecture: uploads; decision 016). */
export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * The longest a file uploaded but not yet registered is held for the citizen (the no-JavaScript
 * upload form that comes back with errors keeps its files this long, decision 067). The orphan
 * sweeper's grace period can never be shorter (issue 28).
 */
export const LONGEST_HOLD_MINUTES = 60;

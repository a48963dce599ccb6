/** Limits both sides enforce, each written once. */

/** One uploaded file, checked while streaming on both sides (architecture: uploads; decision 016). */
export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * The calls of ours beyond spec section 7 (decision 098): extensions a backend may offer. The
 * portal asks `GET /api/v1/extensions` once in a while (`{ extensions: [names] }`); a backend that
 * answers 404 or 501 offers none, and the features they serve are hidden, with JavaScript on and off.
 * Each name, the calls it stands for and what the citizen gets:
 */
export const EXTENSIONS = {
  /** `GET /api/v4/procedures/{id}/requirements`: the requirements screen's entity in one call (else docs_table and forms/first). */
  requirements: "requirements",
  /** `GET /api/dd/v1/communications/linked/{cuil}`: the communications about a procedure or a record (decision 026). */
  linkedCommunications: "linked-communications",
  /** `/api/receipts`: receipts of what the citizen did (decision 033). */
  receipts: "receipts",
  /** `/api/v1/me/accesses` and `/api/v1/me/access-digest`: 'Tus datos' (decision 071). */
  accesses: "accesses",
  /** `/api/v1/me/export`: 'Descargar mis datos' (decision 073). */
  export: "export",
  /** `/api/fs/archive/{record|procedure}/{id}`: 'Descargar todo' (decision 030). */
  archives: "archives",
  /** `/api/fs/viewer/getPageImage` and `getPageText`: readable pages without JavaScript (decision 009). */
  readablePages: "readable-pages",
  /** `POST /api/security/logout`: the backend revokes the token at 'Cerrar sesión'. */
  logout: "logout",
  /** `POST` and `DELETE /api/fs/upload-leases`: an upload over the citizen's limits refused before its body is read (issue 37). */
  uploadLeases: "upload-leases",
  /** `DELETE /api/fs/raw/bucket/{id}`: an upload cancelled before its answer is removed at once (issue 37). */
  uploadCancel: "upload-cancel",
  /** `GET /api/v4/filemanager/{id}/documents`: a record's three document lists in one call (else incorporated, sent and pending). */
  recordDocuments: "record-documents",
  /** `GET /api/v4/instances/counts?module=…`: a list's tab counts in one call (else one `count/{tab}` call per counted tab). */
  tabCounts: "tab-counts",
} as const;

export type Extension = keyof typeof EXTENSIONS;
export const EXTENSION_NAMES: readonly string[] = Object.values(EXTENSIONS);

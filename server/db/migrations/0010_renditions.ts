import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Cached renditions of stored files (issue 9, item 3):
 * a page drawn as an image at a given width, or a page's extracted text, kept as a blob in
 * the blob store under `storage_key`. One row per (file, kind, page, width); a page that could
 * not be rendered keeps a row with `error_code` (and no blob) so it is not tried again.
 * A rendition belongs to the owner of its file (`files.owner_cuil`); rows go with the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("file_renditions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("file_id", "varchar(36)", (c) => c.notNull().references("files.id").onDelete("cascade"))
    /** image | text */
    .addColumn("kind", "varchar(8)", (c) => c.notNull())
    .addColumn("page", "integer", (c) => c.notNull())
    /** pixels wide for images; 0 for text */
    .addColumn("width", "integer", (c) => c.notNull())
    /** image/webp | application/json; null when the page failed */
    .addColumn("mime", "varchar(100)")
    .addColumn("storage_key", "varchar(128)", (c) => c.unique())
    .addColumn("size", "bigint", (c) => c.notNull())
    /** BAD_PDF | TIMEOUT | TOO_LARGE when the page could not be rendered */
    .addColumn("error_code", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("file_renditions_file_kind_page_width_uq", ["file_id", "kind", "page", "width"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("file_renditions").execute();
}

import { json } from "@remix-run/node";

/** Liveness of the portal process (the API has its own /health endpoints). */
export const loader = () => json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });

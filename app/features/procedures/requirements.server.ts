import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { getDocsTable, getRequirements } from "~/api/procedures.server";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/form.server";
import { orErrorPage, requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";

const PROCEDURE = /^[A-Za-z0-9-]{1,64}$/;

function procedureOf(request: Request): string {
  const id = new URL(request.url).searchParams.get("procedure");
  if (!id || !PROCEDURE.test(id)) throw redirect("/error");
  return id;
}

/** Loader of /procedures/available/requirements: what a procedure asks for, the citizen's data and their earlier instances. */
export async function loadRequirements(request: Request) {
  const { ctx } = await requireAdhered(request, "procedures");
  const procedureId = procedureOf(request);
  const [requirements, docs] = await orErrorPage(() => Promise.all([getRequirements(ctx, procedureId), getDocsTable(ctx, procedureId)]));
  const showTerms = new URL(request.url).searchParams.get("modal") === "terminos" && requirements.enabledProcedureAcceptedTerms;
  return json({ procedureId, requirements, docs, showTerms, citizenIdUrl: env.CITIZEN_ID_URL });
}

const startSchema = z.object({ intent: z.literal("start"), terms: z.string().optional() });

/**
 * 'Iniciar trámite': refused here too while the terms are enabled and not accepted. The acceptance
 * travels to the chat as `&terms=1` (the chat sends procedureAcceptedTerms with its first message).
 */
export async function requirementsAction(request: Request) {
  const { ctx } = await requireAdhered(request, "procedures");
  const procedureId = procedureOf(request);
  const form = await parseForm(request, startSchema);
  if (!form.ok) return json({ termsError: null as string | null }, { status: 400 });
  const requirements = await orErrorPage(() => getRequirements(ctx, procedureId));
  const accepted = form.data.terms === "on" || form.data.terms === "1";
  if (requirements.enabledProcedureAcceptedTerms && !accepted) {
    return json({ termsError: t.ui.termsRequired as string | null }, { status: 400 });
  }
  const base = `/procedures/available/chat/?procedure=${encodeURIComponent(procedureId)}`;
  return redirect(requirements.enabledProcedureAcceptedTerms ? `${base}&terms=1` : base);
}

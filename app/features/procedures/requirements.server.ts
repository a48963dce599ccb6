import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import type { ApiContext } from "~/api/client.server";
import { getFirstChat } from "~/api/chat.server";
import { offers } from "~/api/extensions.server";
import { getDocsTable, getRequirementsExtension, RequirementsSchema, type Requirements } from "~/api/procedures.server";
import { getRoles } from "~/api/security.server";
import { getActiveSession, type RequestScope } from "~/lib/session.server";
import { env } from "~/env.server";
import { parseForm } from "~/lib/form.server";
import { orErrorPage, requireAdhered } from "~/lib/guards.server";
import { procedures as t } from "~/lib/messages/procedures";
import { richOrPlain } from "~/lib/rich-text.server";

const PROCEDURE = /^[A-Za-z0-9-]{1,64}$/;

function procedureOf(request: Request): string {
  const id = new URL(request.url).searchParams.get("procedure");
  if (!id || !PROCEDURE.test(id)) throw redirect("/error");
  return id;
}

/** The procedure's type as the catalogue gave it (`&type=form`, see requirementsHref). */
const typeOf = (request: Request) => (new URL(request.url).searchParams.get("type") === "form" ? ("form" as const) : null);

/**
 * The requirements screen from the spec's calls (decision 098): `docs_table` gives the documents
 * table (or the whole requirements entity); what it leaves out is taken from `forms/first` (the
 * procedure's name and whether its terms must be accepted) and the citizen's own data. A backend that
 * offers our `requirements` extension answers all of it in one call, asked beside the table.
 */
async function requirementsOf(
  ctx: ApiContext,
  procedureId: string,
): Promise<{ requirements: Requirements; docs: Requirements["initialDocuments"] }> {
  const [table, extension] = await Promise.all([
    getDocsTable(ctx, procedureId),
    offers(ctx, "requirements").then((offered) => (offered ? getRequirementsExtension(ctx, procedureId) : null)),
  ]);
  let requirements = extension ?? table.requirements ?? RequirementsSchema.parse({});
  if (!requirements.procedureDescription) {
    const first = await getFirstChat(ctx, procedureId);
    requirements = {
      ...requirements,
      procedureDescription: first.result.procedureDescription || first.data.spec.header.name,
      enabledProcedureAcceptedTerms:
        requirements.enabledProcedureAcceptedTerms || first.result.current.enabledProcedureAcceptedTerms === true,
    };
  }
  if (!requirements.citizenData) {
    const kept = (await getActiveSession(ctx))?.data.user;
    const user = kept ? { cn: kept.cn, cuil: kept.cuil, email: kept.email, telephone_number: kept.telephone } : await getRoles(ctx);
    requirements = { ...requirements, citizenData: { ...user, phone: null } };
  }
  return { requirements, docs: table.rows };
}

/** Loader of /procedures/available/requirements: what a procedure asks for, the citizen's data and their earlier instances. */
export async function loadRequirements({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const procedureId = procedureOf(request);
  const { requirements, docs } = await orErrorPage(() => requirementsOf(ctx, procedureId));
  const showTerms = new URL(request.url).searchParams.get("modal") === "terminos" && requirements.enabledProcedureAcceptedTerms;
  // The terms as the modal shows them: the backend's HTML sanitised, or plain text.
  const termsText = showTerms ? richOrPlain(requirements.acceptedTermsDescription) : null;
  return json({ procedureId, type: typeOf(request), requirements, docs, showTerms, termsText, citizenIdUrl: env.CITIZEN_ID_URL });
}

const startSchema = z.object({ intent: z.literal("start"), terms: z.string().optional() });

/**
 * 'Iniciar trámite': refused here too while the terms are enabled and not accepted. The acceptance
 * travels to the chat or the form as `&terms=1` (sent as procedureAcceptedTerms with the first message or the form).
 */
export async function requirementsAction({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const procedureId = procedureOf(request);
  const form = await parseForm(request, startSchema);
  if (!form.ok) return json({ termsError: null as string | null }, { status: 400 });
  const { requirements } = await orErrorPage(() => requirementsOf(ctx, procedureId));
  const accepted = form.data.terms === "on" || form.data.terms === "1";
  if (requirements.enabledProcedureAcceptedTerms && !accepted) {
    return json({ termsError: t.ui.termsRequired as string | null }, { status: 400 });
  }
  // A form procedure starts on its form (spec section 2); any other in its draft conversation.
  const screen = typeOf(request) === "form" ? "/procedures/form/" : "/procedures/available/chat/";
  const base = `${screen}?procedure=${encodeURIComponent(procedureId)}`;
  return redirect(requirements.enabledProcedureAcceptedTerms ? `${base}&terms=1` : base);
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { chatAction, chatLoader, type ChatActionData } from "~/features/chat/chat.server";
import { ChatView } from "~/features/chat/ChatView";
import { DraftRestored } from "~/features/session/DraftRestored";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import chatStyles from "~/styles/chat.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chatStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.chat);

/** Chat for a new procedure: a draft until the first message creates the instance. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chatLoader({ request, context }, "draft");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return chatAction({ request, context }, "draft");
}

export default function AvailableChat() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<ChatActionData>();
  return (
    <>
      {data.restored ? <DraftRestored /> : null}
      <ChatView
        mode={data.mode}
        chat={data.chat}
        terms={data.terms}
        idempotencyKey={data.key}
        self={data.self}
        actionData={actionData ?? (data.restored || data.kept ? { message: data.restored ?? data.kept ?? "" } : undefined)}
      />
    </>
  );
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { chatLoader } from "~/features/chat/chat.server";
import { ChatView } from "~/features/chat/ChatView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import chatStyles from "~/styles/chat.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chatStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.preview);

/** Read-only chat: no message input, no document actions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chatLoader({ request, context }, "preview");
}

export default function PreviewChat() {
  const data = useLoaderData<typeof loader>();
  return <ChatView mode="preview" chat={data.chat} terms={false} idempotencyKey={data.key} self={data.self} />;
}

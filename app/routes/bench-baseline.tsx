import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { furniture } from "~/lib/messages/furniture";

/**
 * The bench's baseline (decision 020): a bare page of the same build — the root layout and a tiny
 * route with a loader that calls no API — measured next to the real pages by `npm run bench`.
 * It exists only when the portal was started with BENCH_BASELINE=1 (the bench sets it); any other
 * portal answers 404 here, like for a route that does not exist.
 */
export const loader = () => {
  if (process.env.BENCH_BASELINE !== "1") throw new Response(null, { status: 404 });
  return json({ name: furniture.appName }, { headers: { "Cache-Control": "no-store" } });
};

export default function BenchBaseline() {
  const { name } = useLoaderData<typeof loader>();
  return <h1>{name}</h1>;
}

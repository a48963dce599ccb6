import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadDatos } from "~/features/datos/datos.server";
import { DatosView } from "~/features/datos/DatosView";
import { datos as D } from "~/lib/messages/datos";
import { pageTitle } from "~/lib/meta";
import datosStyles from "~/styles/datos.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: datosStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.errors.length ? `Error: ${D.title}` : D.title);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadDatos({ request, context });

export default function Datos() {
  const data = useLoaderData<typeof loader>();
  return (
    <DatosView
      page={data.page}
      exportStatus={data.exportStatus}
      state={data.state}
      errors={data.errors}
      raw={data.raw}
      filtered={data.filtered}
      digest={data.digest}
    />
  );
}

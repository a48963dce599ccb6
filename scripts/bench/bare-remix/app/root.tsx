import { Links, Meta, Scripts } from "@remix-run/react";

/** The whole app: one route, no loader (decision 020). */
export default function App() {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Remix</title>
        <Meta />
        <Links />
      </head>
      <body>
        <h1>Hola</h1>
        <Scripts />
      </body>
    </html>
  );
}

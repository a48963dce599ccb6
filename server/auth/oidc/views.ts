/**
 * Pages of the development identity provider: Spanish, accessible, no JavaScript
 * needed, no inline styles (one small stylesheet served at /assets/idp.css).
 */
export const STYLESHEET_PATH = "/assets/idp.css";

export const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:100%;line-height:1.5;color:#1b1b1b;background:#f3f4f6}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
a{color:#0b4f8a}
a:hover{color:#06345c}
a:focus,button:focus,input:focus,summary:focus,.error-summary:focus{outline:3px solid #f2a900;outline-offset:2px}
.skip-link{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem}
.skip-link:focus{left:1rem}
.site-header{background:#0b4f8a;color:#fff;padding:1rem 1.5rem}
.site-header p{margin:0;font-weight:700;font-size:1.125rem}
.site-header span{display:block;font-weight:400;font-size:.95rem}
main{flex:1;display:flex;justify-content:center;padding:2rem 1rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:1.5rem 1.75rem;width:100%;max-width:26rem;align-self:flex-start}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
.field{margin-bottom:1.25rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
.hint{display:block;color:#4b5563;font-size:.9rem;margin:0 0 .35rem}
input[type=text],input[type=password]{display:block;width:100%;font:inherit;padding:.6rem .75rem;border:2px solid #4b5563;border-radius:4px;background:#fff;color:#1b1b1b}
input[aria-invalid=true]{border-color:#b00020}
.button{display:inline-block;width:100%;font:inherit;font-weight:700;padding:.7rem 1rem;border:0;border-radius:4px;background:#0b4f8a;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
.button:hover{background:#06345c;color:#fff}
.error-summary{border:3px solid #b00020;border-radius:4px;padding:.75rem 1rem;margin-bottom:1.25rem}
.error-summary h2{color:#b00020}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#b00020;font-weight:700}
.field-error{color:#b00020;font-weight:700;margin:0 0 .35rem}
.shared{margin-top:1.5rem;font-size:.95rem}
.shared a{display:inline-block;min-height:24px}
.demo{margin-top:1.5rem;font-size:.9rem;color:#374151}
.demo table{border-collapse:collapse;width:100%;margin-top:.5rem}
.demo th,.demo td{text-align:left;border-bottom:1px solid #d1d5db;padding:.25rem .35rem;vertical-align:top}
.site-footer{background:#1f2937;color:#f9fafb;padding:1rem 1.5rem;font-size:.9rem}
.site-footer p{margin:0}
.code{font-family:ui-monospace,monospace;font-size:.85rem;color:#4b5563}
`;

export function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

type LayoutOptions = { title: string; body: string; head?: string };

export function layout({ title, body, head = "" }: LayoutOptions): string {
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} | Atención Virtual</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${head}</head>
<body>
<a class="skip-link" href="#contenido">Saltar al contenido</a>
<header class="site-header">
<p>Atención Virtual<span>Gobierno de la Provincia</span></p>
</header>
<main id="contenido" tabindex="-1">
<div class="card">
${body}
</div>
</main>
<footer class="site-footer">
<p>Identidad ciudadana: servicio de ingreso de desarrollo.</p>
</footer>
</body>
</html>`;
}

export type LoginView = {
  action: string;
  cuil?: string;
  /** an error about both fields (wrong credentials, throttled) */
  error?: string;
  cuilError?: string;
  passwordError?: string;
  demo?: Array<{ cuil: string; name: string; description: string }>;
  demoPassword?: string;
};

export function loginPage(view: LoginView): string {
  const errors: Array<{ href: string; text: string }> = [];
  if (view.error) errors.push({ href: "#cuil", text: view.error });
  if (view.cuilError) errors.push({ href: "#cuil", text: view.cuilError });
  if (view.passwordError) errors.push({ href: "#password", text: view.passwordError });
  const hasErrors = errors.length > 0;

  const cuilDescribed = ["cuil-hint", view.error ? "login-error" : "", view.cuilError ? "cuil-error" : ""].filter(Boolean).join(" ");
  const passwordDescribed = [view.error ? "login-error" : "", view.passwordError ? "password-error" : ""].filter(Boolean).join(" ");

  const summary = hasErrors
    ? `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">Hay un problema</h2>
<ul>${errors.map((e) => `<li><a href="${e.href}">${esc(e.text)}</a></li>`).join("")}</ul>
</div>`
    : "";

  const demo =
    view.demo && view.demo.length
      ? `<details class="demo">
<summary>Ciudadanos de demostración</summary>
<p>Contraseña de todos: <strong>${esc(view.demoPassword ?? "")}</strong></p>
<table>
<caption class="hint">Solo en el entorno de desarrollo.</caption>
<thead><tr><th scope="col">CUIL</th><th scope="col">Persona</th></tr></thead>
<tbody>${view.demo.map((d) => `<tr><td>${esc(d.cuil)}</td><td>${esc(d.name)}: ${esc(d.description)}</td></tr>`).join("")}</tbody>
</table>
</details>`
      : "";

  const body = `<h1>Ingresa con tu CUIL</h1>
${summary}
<form method="post" action="${esc(view.action)}" novalidate>
${view.error ? `<p id="login-error" class="field-error">${esc(view.error)}</p>` : ""}
<div class="field">
<label for="cuil">CUIL</label>
<span id="cuil-hint" class="hint">Los 11 dígitos, con o sin guiones. Por ejemplo, 20-12345678-6.</span>
${view.cuilError ? `<p id="cuil-error" class="field-error">${esc(view.cuilError)}</p>` : ""}
<input id="cuil" name="cuil" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="13" required value="${esc(view.cuil ?? "")}" aria-describedby="${cuilDescribed}"${view.error || view.cuilError ? ' aria-invalid="true"' : ""}${hasErrors ? "" : " autofocus"}>
</div>
<div class="field">
<label for="password">Contraseña</label>
${view.passwordError ? `<p id="password-error" class="field-error">${esc(view.passwordError)}</p>` : ""}
<input id="password" name="password" type="password" autocomplete="current-password" required${passwordDescribed ? ` aria-describedby="${passwordDescribed}"` : ""}${view.error || view.passwordError ? ' aria-invalid="true"' : ""}>
</div>
<button type="submit" class="button">Ingresar</button>
</form>
<section class="shared" aria-labelledby="shared-title">
<h2 id="shared-title">En una computadora compartida</h2>
<p>Al terminar, cierra sesión y cierra el navegador. Los archivos que descargues quedan en la carpeta de descargas de la computadora: bórralos antes de irte.</p>
<p>¿Necesitas ayuda para ingresar? Llama a la línea gratuita <a href="tel:08005550123">0800-555-0123</a>, de lunes a viernes de 8 a 18 hs.</p>
</section>
${demo}`;

  return layout({ title: hasErrors ? "Error: Ingresar" : "Ingresar", body });
}

/** Logout confirmation: works without JavaScript; with it, the form submits itself. */
export function logoutPage(formHtml: string, nonce: string): string {
  const form = formHtml.replace(
    "</form>",
    `<input type="hidden" name="logout" value="yes"/>
<button type="submit" class="button">Cerrar sesión</button>
</form>`,
  );
  const body = `<h1>Cerrar sesión</h1>
<p>Para terminar de cerrar tu sesión en Atención Virtual, confirma con el botón.</p>
${form}
<script nonce="${esc(nonce)}">document.getElementById("op.logoutForm").submit();</script>`;
  return layout({ title: "Cerrar sesión", body });
}

export function loggedOutPage(portalUrl: string): string {
  const body = `<h1>Cerraste tu sesión</h1>
<p>Tu sesión en Atención Virtual terminó. Si usas una computadora compartida, cierra también el navegador.</p>
<p><a class="button" href="${esc(portalUrl)}/">Volver a Atención Virtual</a></p>`;
  return layout({ title: "Sesión cerrada", body });
}

export function errorPage(options: { title: string; message: string; code?: string; portalUrl: string }): string {
  const body = `<h1>${esc(options.title)}</h1>
<p>${esc(options.message)}</p>
<p><a class="button" href="${esc(options.portalUrl)}/">Volver a Atención Virtual</a></p>
${options.code ? `<p class="code">Código: ${esc(options.code)}</p>` : ""}`;
  return layout({ title: options.title, body });
}

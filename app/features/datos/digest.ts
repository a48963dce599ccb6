/** The switch of the daily e-mail digest (decision 071): names its form and its note share. */

/** The `intent` of the switch's post, beside the spec's contact form on /digital/settings. */
export const DIGEST_INTENT = "access-digest";

/** The id of the switch's block in 'Configuración', for links to it. */
export const DIGEST_ANCHOR = "resumen";

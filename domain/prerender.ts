// What the server's prerender and the browser agree on.

/** The `<script type="application/json">` with the API answers the page was prerendered with. */
export const ID_ESTADO_INICIAL = 'estado-inicial';
/** Set on <html> once the app has replaced the prerendered page: it answers clicks and keys from then on. */
export const ATRIBUTO_APP_MONTADA = 'data-app-montada';
/** Logged (a warning) when the app's first render did not match the prerender; the browser tests fail on it. */
export const AVISO_PRERENDER_DISTINTO = 'La página prerenderizada no coincidió con la aplicación: se dibujó de nuevo.';

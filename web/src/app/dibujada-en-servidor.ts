import { ID_ESTADO_INICIAL } from '../../../domain/prerender';

/**
 * True when this page arrived drawn by the server (server/web/prerender.ts). The app then takes over
 * that markup (hydration), so its first render must draw what the server drew: a visitor with an empty
 * cart. What this browser has stored (the user, the cart) is read right after, in transitions: React may
 * still be taking over parts of the page, and an urgent update would make it do all of it in one task.
 */
export const dibujadaEnServidor = typeof document !== 'undefined' && document.getElementById(ID_ESTADO_INICIAL) !== null;

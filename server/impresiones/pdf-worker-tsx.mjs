// The worker from its TypeScript source (tests, `npm run dev`, e2e): a worker thread does not inherit
// the tsx loader of the thread that starts it. `npm start` runs dist/server/pdf-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');

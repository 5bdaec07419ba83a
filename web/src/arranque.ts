// The page's only <script>. A prerendered page is already drawn: the browser paints it before the
// app's JavaScript is fetched and run (which then takes over the same markup). Otherwise, at once.
import { ID_ESTADO_INICIAL } from '../../domain/prerender';

const iniciar = () => {
  // React DOM, the largest module, is asked for on its own too: it arrives first and is evaluated in a
  // task of its own, and the app's modules in another, instead of one long task for both.
  void import('react-dom/client');
  void import('./main');
};

if (document.getElementById(ID_ESTADO_INICIAL) && document.visibilityState === 'visible') {
  // rAF runs just before the first frame is painted; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(iniciar, 0));
} else {
  iniciar();
}

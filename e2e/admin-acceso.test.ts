import { describe, expect, it } from 'vitest';
import { login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

const RUTAS_ADMIN = [
  '/grillaPedidos',
  '/formVenta/0',
  '/formDetalleVenta/1/0',
  '/grillaProducts',
  '/formProducto/0',
  '/stock',
  '/grillaPromociones',
  '/formPromocion/0',
  '/detallePromocion/1',
  '/grillaUsuarios',
  '/formUsuario/0',
  '/grillaInformes',
  '/auditoria',
  '/grillaSinonimos',
];

describe('admin routes (spec sections 2 and 6)', () => {
  it('send a visitor to /login and never download the admin code', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const scripts: string[] = [];
    s.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await s.page.goto('/');
    await s.page.getByRole('heading', { name: 'Todo para tu escritorio y tus ideas' }).waitFor();
    for (const ruta of RUTAS_ADMIN) {
      await s.page.goto(ruta);
      await s.page.waitForURL('**/login');
    }
    expect(scripts.filter((u) => /grilla-|form-venta|form-producto|carga-stock|detalle-promocion|form-usuario/.test(u))).toEqual([]);
    await s.cerrar();
  });

  it('send a customer to /', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    for (const ruta of RUTAS_ADMIN.slice(0, 4)) {
      await s.page.goto(ruta);
      await s.page.waitForURL((url) => url.pathname === '/');
    }
    await s.cerrar();
  });
});

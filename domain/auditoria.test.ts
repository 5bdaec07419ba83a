import { describe, expect, it } from 'vitest';
import { ACCIONES_AUDITORIA, ENTIDADES_AUDITORIA, describirCambios, etiquetaAccion, fechaHoraAuditoria, valorLegible } from './auditoria';

describe('audit events as people read them', () => {
  it('every action belongs to a declared entity and has a Spanish label', () => {
    for (const [clave, { entidad, etiqueta }] of Object.entries(ACCIONES_AUDITORIA)) {
      expect(Object.keys(ENTIDADES_AUDITORIA)).toContain(entidad);
      // Sign-ins and second-factor changes are about a user, under their own prefix.
      const prefijo = ['sesion.', 'segundo-factor.'].find((p) => clave.startsWith(p)) ?? `${entidad}.`;
      expect(clave.startsWith(prefijo)).toBe(true);
      expect(etiqueta).not.toBe('');
    }
    expect(etiquetaAccion('producto.editar')).toBe('Cambio de producto');
    expect(etiquetaAccion('algo.nuevo')).toBe('algo.nuevo');
  });

  it('a change reads before → after; money as pesos, states by their label, instants in Mendoza time', () => {
    expect(
      describirCambios({
        antes: { precio: 1000, stock: 10, rol: 'USER' },
        despues: { precio: 1360.5, stock: 7, rol: 'ADMIN' },
        detalle: { cantidad: 5 },
      }),
    ).toEqual(['Rol: Usuario → Administrador', 'Precio: $\u00a01.000,00 → $\u00a01.360,50', 'Stock: 10 → 7', 'Cantidad: 5']);
    expect(describirCambios({ antes: null, despues: { estadoPago: 'APROBADO', fechaFin: '2030-04-01T02:59:59.999Z' }, detalle: null })).toEqual([
      'Fin: 31/03/2030 23:59:59',
      'Estado del pago: Pago aprobado',
    ]);
    expect(describirCambios({ antes: { codigo: 'A-1', imagen: null }, despues: null, detalle: { camposPersonales: ['telefono', 'calle'] } })).toEqual([
      'Código: A-1',
      'Imagen: —',
      'Datos personales cambiados: teléfono; calle',
    ]);
  });

  it('lists and objects inside a value', () => {
    // In the fields' order, whatever order the database kept the keys in.
    expect(valorLegible('lineas', [{ precioAplicado: 100, cantidad: 2, productoId: 3 }])).toBe('Producto nro 3, Cantidad 2, Precio aplicado $\u00a0100,00');
    expect(valorLegible('ventas', [4, 5])).toBe('4; 5');
    expect(valorLegible('stockDevuelto', true)).toBe('sí');
  });

  it('the instant of an event in Mendoza: dd/MM/yyyy HH:mm:ss', () => {
    expect(fechaHoraAuditoria('2030-03-01T02:30:00.000Z')).toBe('28/02/2030 23:30:00');
  });
});

import { Badge, Button, Container, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatearPrecio } from '../../../../../domain/money';
import { estaActiva, type Promocion } from '../../../../../domain/promocion';
import { useEliminarPromocion, usePromociones } from '../../../api/admin-promociones';
import { paths } from '../../../app/paths';
import { AccionFila, AccionesFila } from '../comun/acciones-fila';
import { Encabezado } from '../comun/encabezado';
import { formatearFecha } from '../comun/fechas';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';

const productosDe = (p: Promocion) =>
  p.detalles?.length ? p.detalles.map((d) => (d.cantidad > 1 ? `${d.producto.denominacion} x${d.cantidad}` : d.producto.denominacion)).join(', ') : 'Sin productos';

/** Spec screen 15: every promotion; the expired ones stand out. */
export default function GrillaPromocionesPage() {
  const consulta = usePromociones();
  const eliminar = useEliminarPromocion();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<Promocion>({
    eliminar,
    pregunta: (p) => `¿Está seguro que desea eliminar la promoción ${p.denominacion}?`,
    onEliminado: (p) => notifications.show({ color: 'green', message: `Promoción eliminada: ${p.denominacion}` }),
  });

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Promociones">
        <Button component={Link} to={paths.formPromocion(0)} leftSection={<IconPlus size={16} />}>
          Nueva Promoción
        </Button>
      </Encabezado>
      <SegunConsulta consulta={consulta}>
        {(data) => (
          <TablaAdmin
            etiqueta="Promociones"
            anchoMinimo={900}
            columnas={['Denominación', 'Productos', 'Descripción', 'Fecha Inicio', 'Fecha Fin', { titulo: 'Precio Promocional', derecha: true }, 'Acciones']}
            vacia={data.length === 0}
            mensajeVacia="No hay promociones cargadas."
            resaltarAlPasar={false}
          >
            {data.map((p) => {
              const vencida = !estaActiva(p);
              return (
                <Table.Tr key={p.id} bg={vencida ? 'var(--mantine-color-red-0)' : undefined} data-vencida={vencida || undefined}>
                  <Table.Td fw={600}>
                    {p.denominacion}{' '}
                    {vencida && (
                      <Badge color="red" size="xs" variant="filled">
                        Vencida
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{productosDe(p)}</Table.Td>
                  <Table.Td>{p.descripcion}</Table.Td>
                  <Table.Td>{formatearFecha(p.fechaInicio)}</Table.Td>
                  <Table.Td c={vencida ? 'red.8' : undefined}>{formatearFecha(p.fechaFin)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatearPrecio(p.precioPromocional)}
                  </Table.Td>
                  <Table.Td>
                    <AccionesFila nombre={p.denominacion} onEliminar={() => pedirEliminar(p)}>
                      <AccionFila
                        etiqueta="Productos de la promoción"
                        nombreAccesible={`Productos de ${p.denominacion}`}
                        icono={<IconListDetails size={18} />}
                        href={paths.detallePromocion(p.id)}
                      />
                    </AccionesFila>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </TablaAdmin>
        )}
      </SegunConsulta>
      {modalEliminar}
    </Container>
  );
}

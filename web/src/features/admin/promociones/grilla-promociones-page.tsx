import { Badge, Button, Card, Container, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatearPrecio } from '../../../../../domain/money';
import { estaVencida, type Promocion } from '../../../../../domain/promocion';
import { useEliminarPromocion, useGrillaPromociones } from '../../../api/admin-promociones';
import { paths } from '../../../app/paths';
import { AccionFila, AccionesFila } from '../comun/acciones-fila';
import { Encabezado } from '../comun/encabezado';
import { formatearFecha } from '../comun/fechas';
import { Paginacion } from '../comun/paginacion';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarjetasAdmin } from '../comun/tarjetas-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';

const POR_PAGINA = 20;

const productosDe = (p: Promocion) =>
  p.detallePromociones?.length ? p.detallePromociones.map((d) => (d.cantidad > 1 ? `${d.producto.denominacion} x${d.cantidad}` : d.producto.denominacion)).join(', ') : 'Sin productos';

/** Spec screen 15: the promotions a page at a time, newest first; the expired ones stand out. */
export default function GrillaPromocionesPage() {
  const [texto, setTexto] = useState('');
  const [pagina, setPagina] = useState(1);
  const [textoBuscado] = useDebouncedValue(texto.trim(), 250);
  const consulta = useGrillaPromociones({ q: textoBuscado, pagina, porPagina: POR_PAGINA });
  const eliminar = useEliminarPromocion();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<Promocion>({
    eliminar,
    pregunta: (p) => `¿Está seguro que desea eliminar la promoción ${p.denominacion}?`,
    onEliminado: (p) => notifications.show({ color: 'green', message: `Promoción eliminada: ${p.denominacion}` }),
  });
  const movil = useMediaQuery('(max-width: 40em)');

  // Deleting the only row of the last page leaves that page empty: show the new last one.
  const ultima = consulta.data ? Math.max(1, Math.ceil(consulta.data.total / consulta.data.porPagina)) : 1;
  useEffect(() => {
    if (pagina > ultima) setPagina(ultima);
  }, [pagina, ultima]);

  const acciones = (p: Promocion, enTarjeta?: boolean) => (
    <AccionesFila nombre={p.denominacion} onEliminar={() => pedirEliminar(p)} enTarjeta={enTarjeta}>
      <AccionFila
        etiqueta="Productos de la promoción"
        nombreAccesible={`Productos de ${p.denominacion}`}
        icono={<IconListDetails size={18} />}
        href={paths.detallePromocion(p.id)}
        enTarjeta={enTarjeta}
      />
    </AccionesFila>
  );
  const marcaVencida = (
    <Badge color="red" size="xs" variant="filled">
      Vencida
    </Badge>
  );

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Promociones">
        <Button component={Link} to={paths.formPromocion(0)} leftSection={<IconPlus size={16} />}>
          Nueva Promoción
        </Button>
      </Encabezado>

      <PanelFiltros>
        <TextInput
          label="Buscar"
          placeholder="Denominación o descripción"
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPagina(1);
          }}
          maw={420}
        />
      </PanelFiltros>

      <SegunConsulta consulta={consulta}>
        {(data) => {
          const mensajeVacia = textoBuscado ? 'No hay promociones que coincidan con la búsqueda.' : 'No hay promociones cargadas.';
          return (
            <>
              {movil ? (
                <TarjetasAdmin etiqueta="Promociones" vacia={data.items.length === 0} mensajeVacia={mensajeVacia}>
                  {data.items.map((p) => {
                    const vencida = estaVencida(p);
                    return (
                      <Card component="li" key={p.id} withBorder padding="sm" bg={vencida ? 'var(--mantine-color-red-0)' : undefined} data-vencida={vencida || undefined}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Text fw={600} size="sm">
                            {p.denominacion} {vencida && marcaVencida}
                          </Text>
                          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                            {formatearPrecio(p.precioPromocional)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {productosDe(p)}
                        </Text>
                        <Group justify="space-between" mt="xs" wrap="nowrap">
                          <Text size="sm" c={vencida ? 'red.8' : undefined}>
                            {formatearFecha(p.fechaInicio)} al {formatearFecha(p.fechaFin)}
                          </Text>
                          {acciones(p, true)}
                        </Group>
                      </Card>
                    );
                  })}
                </TarjetasAdmin>
              ) : (
                <TablaAdmin
                  etiqueta="Promociones"
                  anchoMinimo={900}
                  columnas={['Denominación', 'Productos', 'Descripción', 'Fecha Inicio', 'Fecha Fin', { titulo: 'Precio Promocional', derecha: true }, 'Acciones']}
                  vacia={data.items.length === 0}
                  mensajeVacia={mensajeVacia}
                  resaltarAlPasar={false}
                >
                  {data.items.map((p) => {
                    const vencida = estaVencida(p);
                    return (
                      <Table.Tr key={p.id} bg={vencida ? 'var(--mantine-color-red-0)' : undefined} data-vencida={vencida || undefined}>
                        <Table.Td fw={600}>
                          {p.denominacion} {vencida && marcaVencida}
                        </Table.Td>
                        <Table.Td>{productosDe(p)}</Table.Td>
                        <Table.Td>{p.descripcion}</Table.Td>
                        <Table.Td>{formatearFecha(p.fechaInicio)}</Table.Td>
                        <Table.Td c={vencida ? 'red.8' : undefined}>{formatearFecha(p.fechaFin)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatearPrecio(p.precioPromocional)}
                        </Table.Td>
                        <Table.Td>{acciones(p)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </TablaAdmin>
              )}
              <Paginacion pagina={data.pagina} porPagina={data.porPagina} total={data.total} onCambiar={setPagina} />
            </>
          );
        }}
      </SegunConsulta>
      {modalEliminar}
    </Container>
  );
}

import { Button, Card, Container, Group, Menu, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconLanguage, IconPackageImport, IconPercentage, IconPlus, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatearPrecio } from '../../../../../domain/money';
import type { Producto } from '../../../../../domain/producto';
import { useEliminarProducto, useGrillaProductos } from '../../../api/admin-productos';
import { mensajeDeError } from '../../../api/client';
import { exportarProductos, type FormatoPlanilla } from '../../../api/catalogo-masivo';
import { paths } from '../../../app/paths';
import { aProductoCarrito, useAgregarAlCarrito } from '../../../carrito/agregar-al-carrito';
import { AccionFila, AccionesFila } from '../comun/acciones-fila';
import { Encabezado } from '../comun/encabezado';
import { Paginacion } from '../comun/paginacion';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarjetasAdmin } from '../comun/tarjetas-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { CambiarPreciosModal } from './cambiar-precios-modal';

const POR_PAGINA = 20;

/** Spec screen 14: the catalogue as the shop manages it. */
export default function GrillaProductosPage() {
  const [denominacion, setDenominacion] = useState('');
  const [marca, setMarca] = useState('');
  const [codigo, setCodigo] = useState('');
  const [pagina, setPagina] = useState(1);
  const [denominacionBuscada] = useDebouncedValue(denominacion.trim(), 250);
  const [marcaBuscada] = useDebouncedValue(marca.trim(), 250);
  const [codigoBuscado] = useDebouncedValue(codigo.trim(), 250);
  const consulta = useGrillaProductos({
    denominacion: denominacionBuscada,
    marcaContiene: marcaBuscada,
    codigo: codigoBuscado,
    pagina,
    porPagina: POR_PAGINA,
  });
  const eliminar = useEliminarProducto();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<Producto>({
    eliminar,
    pregunta: (p) => `¿Está seguro que desea eliminar el producto ${p.denominacion}?`,
    onEliminado: (p) => notifications.show({ color: 'green', message: `Producto eliminado: ${p.denominacion}` }),
  });
  const { agregarProducto } = useAgregarAlCarrito();
  const movil = useMediaQuery('(max-width: 40em)');
  const [preciosAbierto, setPreciosAbierto] = useState(false);
  const filtrosActuales = { denominacion: denominacionBuscada || undefined, marcaContiene: marcaBuscada || undefined, codigo: codigoBuscado || undefined };
  const exportar = (formato: FormatoPlanilla) => () =>
    exportarProductos(formato, filtrosActuales).catch((e: unknown) => notifications.show({ color: 'red', message: mensajeDeError(e) }));

  const filtro = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    setPagina(1);
  };

  const agregarAlCarrito = (p: Producto) => agregarProducto(aProductoCarrito(p));

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Productos">
        <Button component={Link} to={paths.formProducto(0)} leftSection={<IconPlus size={16} />}>
          Nuevo producto
        </Button>
        <Button component={Link} to={paths.stock} variant="light" leftSection={<IconPackageImport size={16} />}>
          Actualizar stock
        </Button>
        <Button component={Link} to={paths.grillaSinonimos} variant="light" leftSection={<IconLanguage size={16} />}>
          Sinónimos
        </Button>
        <Button variant="light" leftSection={<IconPercentage size={16} />} onClick={() => setPreciosAbierto(true)}>
          Cambiar precios
        </Button>
        <Button component={Link} to={paths.importarProductos} variant="light" leftSection={<IconFileImport size={16} />}>
          Importar productos
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="light" leftSection={<IconDownload size={16} />}>
              Exportar
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Los productos de la grilla (con sus filtros)</Menu.Label>
            <Menu.Item onClick={exportar('xlsx')}>Planilla .xlsx</Menu.Item>
            <Menu.Item onClick={exportar('csv')}>Archivo .csv</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Encabezado>

      <PanelFiltros>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Denominación" placeholder="Buscar por nombre" value={denominacion} onChange={filtro(setDenominacion)} />
          <TextInput label="Marca" placeholder="Buscar por marca" value={marca} onChange={filtro(setMarca)} />
          <TextInput label="Código" placeholder="Buscar por código" value={codigo} onChange={filtro(setCodigo)} />
        </SimpleGrid>
      </PanelFiltros>

      <SegunConsulta consulta={consulta}>
        {(data) => (
          <>
            {movil ? (
              <TarjetasAdmin etiqueta="Productos" vacia={data.items.length === 0} mensajeVacia="No hay productos que coincidan con la búsqueda.">
                {data.items.map((p) => (
                  <Card component="li" key={p.id} withBorder padding="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600} size="sm">
                          {p.denominacion}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {p.codigo} · {p.marca}
                        </Text>
                      </div>
                      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {formatearPrecio(p.precio)}
                      </Text>
                    </Group>
                    <Group justify="space-between" mt="xs" wrap="nowrap">
                      <Text size="sm" c={p.stock === 0 ? 'red' : p.stock <= 5 ? 'orange.8' : undefined}>
                        Stock: {p.stock} · Vendidos: {p.cantidadVendida}
                      </Text>
                      <AccionesProducto producto={p} onAgregar={() => agregarAlCarrito(p)} onEliminar={() => pedirEliminar(p)} enTarjeta />
                    </Group>
                  </Card>
                ))}
              </TarjetasAdmin>
            ) : (
              <TablaAdmin
                etiqueta="Productos"
                anchoMinimo={760}
                columnas={['Producto', 'Marca', { titulo: 'Stock', derecha: true }, { titulo: 'Vendidos', derecha: true }, { titulo: 'Precio', derecha: true }, 'Acciones']}
                vacia={data.items.length === 0}
                mensajeVacia="No hay productos que coincidan con la búsqueda."
              >
                {data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {p.denominacion}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {p.codigo}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.marca}</Table.Td>
                    <Table.Td ta="right" c={p.stock === 0 ? 'red' : p.stock <= 5 ? 'orange.8' : undefined} fw={p.stock <= 5 ? 700 : undefined}>
                      {p.stock}
                    </Table.Td>
                    <Table.Td ta="right">{p.cantidadVendida}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatearPrecio(p.precio)}
                    </Table.Td>
                    <Table.Td>
                      <AccionesProducto producto={p} onAgregar={() => agregarAlCarrito(p)} onEliminar={() => pedirEliminar(p)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </TablaAdmin>
            )}
            <Paginacion pagina={data.pagina} porPagina={data.porPagina} total={data.total} onCambiar={setPagina} />
          </>
        )}
      </SegunConsulta>

      {modalEliminar}
      <CambiarPreciosModal abierto={preciosAbierto} onCerrar={() => setPreciosAbierto(false)} marcas={consulta.data?.marcas ?? []} filtros={filtrosActuales} />
    </Container>
  );
}

/** Add to cart, then the usual 'Editar' and 'Eliminar'. */
function AccionesProducto({ producto: p, onAgregar, onEliminar, enTarjeta }: { producto: Producto; onAgregar: () => void; onEliminar: () => void; enTarjeta?: boolean }) {
  return (
    <AccionesFila nombre={p.denominacion} editarHref={paths.formProducto(p.id)} onEliminar={onEliminar} enTarjeta={enTarjeta}>
      <AccionFila
        etiqueta="Agregar al carrito"
        nombreAccesible={`Agregar ${p.denominacion} al carrito`}
        icono={<IconShoppingCartPlus size={18} />}
        color="green"
        onClick={onAgregar}
        disabled={p.stock <= 0}
        enTarjeta={enTarjeta}
      />
    </AccionesFila>
  );
}

import { Badge, Button, Card, Container, Group, Modal, NativeSelect, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOCALIDAD_LABEL, LOCALIDADES, type Localidad } from '../../../../../domain/enums';
import { MENSAJES_LISTA, NIVEL_LABEL, NIVELES, type FilaListaEscolar, type Nivel } from '../../../../../domain/lista-escolar';
import { useDuplicarListaEscolar, useEliminarListaEscolar, useGrillaListasEscolares } from '../../../api/admin-listas-escolares';
import { mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { AccionFila, AccionesFila } from '../comun/acciones-fila';
import { TRANSICION_MODAL } from '../comun/confirmar-modal';
import { Encabezado } from '../comun/encabezado';
import { Paginacion } from '../comun/paginacion';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarjetasAdmin } from '../comun/tarjetas-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { BotonOcupado } from '../comun/boton-ocupado';

const POR_PAGINA = 20;

const nombreDe = (l: Pick<FilaListaEscolar, 'escuela' | 'grado' | 'anio'>) => `${l.escuela}, ${l.grado} ${l.anio}`;

function EstadoPublicada({ publicada }: { publicada: boolean }) {
  return (
    // The whole word, never cut: the label's own ellipsis would leave 'Public…' in a narrow column.
    <Badge color={publicada ? 'green' : 'gray'} variant={publicada ? 'filled' : 'light'} tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {publicada ? 'Publicada' : 'Sin publicar'}
    </Badge>
  );
}

/**
 * 'Listas escolares' (issue 20): the schools' supply lists, a page at a time, newest school year first,
 * each with the families that bought it and the units it sold. Duplicating asks first, then opens the copy.
 */
export default function GrillaListasEscolaresPage() {
  const [texto, setTexto] = useState('');
  const [localidad, setLocalidad] = useState<Localidad | ''>('');
  const [nivel, setNivel] = useState<Nivel | ''>('');
  const [pagina, setPagina] = useState(1);
  const [textoBuscado] = useDebouncedValue(texto.trim(), 250);
  const consulta = useGrillaListasEscolares({
    q: textoBuscado || undefined,
    localidad: localidad || undefined,
    nivel: nivel || undefined,
    pagina,
    porPagina: POR_PAGINA,
  });
  const navigate = useNavigate();
  const eliminar = useEliminarListaEscolar();
  const duplicar = useDuplicarListaEscolar();
  const [aDuplicar, setADuplicar] = useState<FilaListaEscolar | null>(null);
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<FilaListaEscolar>({
    eliminar,
    pregunta: (l) => MENSAJES_LISTA.confirmarEliminar(l.escuela, l.grado),
    onEliminado: () => notifications.show({ color: 'green', message: MENSAJES_LISTA.eliminada }),
  });
  const movil = useMediaQuery('(max-width: 40em)');

  // Deleting the only row of the last page leaves that page empty: show the new last one.
  const ultima = consulta.data ? Math.max(1, Math.ceil(consulta.data.total / consulta.data.porPagina)) : 1;
  useEffect(() => {
    if (pagina > ultima) setPagina(ultima);
  }, [pagina, ultima]);

  const confirmarDuplicar = () => {
    if (!aDuplicar) return;
    duplicar.mutate(aDuplicar.id, {
      onSuccess: (copia) => {
        notifications.show({ color: 'green', message: MENSAJES_LISTA.duplicada });
        navigate(paths.formListaEscolar(copia.id));
      },
      onError: (e) => notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo duplicar la lista.') }),
      onSettled: () => setADuplicar(null),
    });
  };

  const acciones = (l: FilaListaEscolar, enTarjeta?: boolean) => (
    <AccionesFila nombre={nombreDe(l)} editarHref={paths.formListaEscolar(l.id)} onEliminar={() => pedirEliminar(l)} enTarjeta={enTarjeta}>
      {l.publicada && (
        <AccionFila etiqueta="Ver en la tienda" nombreAccesible={`Ver en la tienda ${nombreDe(l)}`} icono={<IconExternalLink size={18} />} href={paths.lista(l.id)} enTarjeta={enTarjeta} />
      )}
      <AccionFila etiqueta="Duplicar" nombreAccesible={`Duplicar ${nombreDe(l)}`} icono={<IconCopy size={18} />} onClick={() => setADuplicar(l)} enTarjeta={enTarjeta} />
    </AccionesFila>
  );

  const filtrar = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPagina(1);
  };

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Listas escolares">
        <Button component={Link} to={paths.formListaEscolar(0)} leftSection={<IconPlus size={16} />}>
          Nueva lista
        </Button>
      </Encabezado>
      <PanelFiltros>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Buscar" placeholder="Escuela o grado" value={texto} onChange={(e) => filtrar(setTexto)(e.currentTarget.value)} maxLength={100} />
          <NativeSelect
            label="Localidad"
            value={localidad}
            onChange={(e) => filtrar(setLocalidad)(e.currentTarget.value as Localidad | '')}
            data={[{ value: '', label: 'Todas las localidades' }, ...LOCALIDADES.map((l) => ({ value: l, label: LOCALIDAD_LABEL[l] }))]}
          />
          <NativeSelect
            label="Nivel"
            value={nivel}
            onChange={(e) => filtrar(setNivel)(e.currentTarget.value as Nivel | '')}
            data={[{ value: '', label: 'Todos los niveles' }, ...NIVELES.map((n) => ({ value: n, label: NIVEL_LABEL[n] }))]}
          />
        </SimpleGrid>
      </PanelFiltros>

      <SegunConsulta consulta={consulta}>
        {(data) => {
          const mensajeVacia = textoBuscado || localidad || nivel ? 'No hay listas que coincidan con la búsqueda.' : 'Todavía no hay listas escolares.';
          return (
            <>
              {movil ? (
                <TarjetasAdmin etiqueta="Listas escolares" vacia={data.items.length === 0} mensajeVacia={mensajeVacia}>
                  {data.items.map((l) => (
                    <Card component="li" key={l.id} withBorder padding="sm">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div>
                          <Text fw={600} size="sm">
                            {l.escuela}
                          </Text>
                          <Text size="sm">
                            {l.grado} · {NIVEL_LABEL[l.nivel]} · {l.anio}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {LOCALIDAD_LABEL[l.localidad]} · {l.cantidadItems} ítems
                          </Text>
                        </div>
                        <EstadoPublicada publicada={l.publicada} />
                      </Group>
                      <Group justify="space-between" mt="xs" wrap="nowrap">
                        <Text size="sm">
                          {l.familias} {l.familias === 1 ? 'familia' : 'familias'} · {l.unidadesVendidas} unidades
                        </Text>
                        {acciones(l, true)}
                      </Group>
                    </Card>
                  ))}
                </TarjetasAdmin>
              ) : (
                <TablaAdmin
                  etiqueta="Listas escolares"
                  anchoMinimo={1000}
                  columnas={[
                    'Escuela',
                    'Grado',
                    'Nivel',
                    'Localidad',
                    'Año',
                    'Estado',
                    { titulo: 'Ítems', derecha: true },
                    { titulo: 'Familias', derecha: true },
                    { titulo: 'Unidades vendidas', derecha: true },
                    'Acciones',
                  ]}
                  vacia={data.items.length === 0}
                  mensajeVacia={mensajeVacia}
                >
                  {data.items.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td fw={600}>{l.escuela}</Table.Td>
                      <Table.Td>{l.grado}</Table.Td>
                      <Table.Td>{NIVEL_LABEL[l.nivel]}</Table.Td>
                      <Table.Td>{LOCALIDAD_LABEL[l.localidad]}</Table.Td>
                      <Table.Td>{l.anio}</Table.Td>
                      <Table.Td>
                        <EstadoPublicada publicada={l.publicada} />
                      </Table.Td>
                      <Table.Td ta="right">{l.cantidadItems}</Table.Td>
                      <Table.Td ta="right">{l.familias}</Table.Td>
                      <Table.Td ta="right">{l.unidadesVendidas}</Table.Td>
                      <Table.Td>{acciones(l)}</Table.Td>
                    </Table.Tr>
                  ))}
                </TablaAdmin>
              )}
              <Paginacion pagina={data.pagina} porPagina={data.porPagina} total={data.total} onCambiar={setPagina} />
            </>
          );
        }}
      </SegunConsulta>
      {modalEliminar}
      <Modal opened={aDuplicar !== null} onClose={() => setADuplicar(null)} title="Duplicar lista" centered {...TRANSICION_MODAL}>
        <Text>
          {aDuplicar && `¿Duplicar la lista de ${aDuplicar.escuela}, ${aDuplicar.grado} ${aDuplicar.anio}? La copia es para el ciclo ${aDuplicar.anio + 1} y queda sin publicar.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setADuplicar(null)} disabled={duplicar.isPending}>
            Cancelar
          </Button>
          <BotonOcupado onClick={confirmarDuplicar} ocupado={duplicar.isPending} leftSection={<IconCopy size={16} />}>
            Duplicar
          </BotonOcupado>
        </Group>
      </Modal>
    </Container>
  );
}

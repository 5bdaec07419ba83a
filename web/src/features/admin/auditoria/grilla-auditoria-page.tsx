import { Button, Card, Container, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ACCIONES_AUDITORIA,
  ENTIDADES_AUDITORIA,
  MENSAJES_AUDITORIA,
  describirCambios,
  etiquetaAccion,
  etiquetaEntidad,
  fechaHoraAuditoria,
  type AccionAuditoria,
  type EntidadAuditoria,
  type EventoAuditoria,
} from '../../../../../domain/auditoria';
import { MENSAJES } from '../../../../../domain/mensajes';
import { exportarAuditoria, useAuditoria } from '../../../api/admin-auditoria';
import { mensajeDeError } from '../../../api/client';
import { Encabezado } from '../comun/encabezado';
import { Paginacion } from '../comun/paginacion';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarjetasAdmin } from '../comun/tarjetas-admin';
import { BotonOcupado } from '../comun/boton-ocupado';

const POR_PAGINA = 25;

const ENTIDADES = Object.entries(ENTIDADES_AUDITORIA) as Array<[EntidadAuditoria, string]>;
const ACCIONES = Object.entries(ACCIONES_AUDITORIA) as Array<[AccionAuditoria, { entidad: EntidadAuditoria; etiqueta: string }]>;

/** The actions of an entity, or of all of them grouped by entity, for the 'Acción' list. */
function opcionesDeAccion(entidad: string) {
  const de = (e: string) => ACCIONES.filter(([, a]) => a.entidad === e).map(([value, a]) => ({ value, label: a.etiqueta }));
  const todas = { value: '', label: 'Todas las acciones' };
  if (entidad) return [todas, ...de(entidad)];
  return [todas, ...ENTIDADES.map(([e, nombre]) => ({ group: nombre, items: de(e) }))];
}

/** A positive whole number as typed in 'Nro', or undefined. */
const idDe = (texto: string): number | undefined => (/^\d{1,10}$/.test(texto) && Number(texto) > 0 && Number(texto) <= 2_147_483_647 ? Number(texto) : undefined);

/** Who changed what, when and from where (docs/decisions/022-auditoria.md). */
export default function GrillaAuditoriaPage() {
  const [usuario, setUsuario] = useState('');
  const [entidad, setEntidad] = useState('');
  const [accion, setAccion] = useState('');
  const [nro, setNro] = useState('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [pagina, setPagina] = useState(1);
  const [exportando, setExportando] = useState(false);
  const [usuarioBuscado] = useDebouncedValue(usuario.trim(), 300);
  const [nroBuscado] = useDebouncedValue(nro.trim(), 300);
  // An inverted range is not asked for: the list keeps the last good one and says why.
  const invertido = Boolean(desde && hasta && desde > hasta);
  const [rango, setRango] = useState({ desde: '', hasta: '' });
  if (!invertido && (rango.desde !== desde || rango.hasta !== hasta)) setRango({ desde, hasta });
  const nroInvalido = nro.trim() !== '' && idDe(nro.trim()) === undefined;

  const filtros = {
    usuario: usuarioBuscado || undefined,
    entidad: (entidad || undefined) as EntidadAuditoria | undefined,
    entidadId: idDe(nroBuscado),
    accion: (accion || undefined) as AccionAuditoria | undefined,
    desde: rango.desde || undefined,
    hasta: rango.hasta || undefined,
  };
  const consulta = useAuditoria({ ...filtros, pagina, porPagina: POR_PAGINA });
  const movil = useMediaQuery('(max-width: 40em)');

  /** A filter changed: back to the first page. */
  const cambiar = (fijar: (valor: string) => void) => (valor: string) => {
    fijar(valor);
    setPagina(1);
  };
  const cambiarEntidad = (valor: string) => {
    cambiar(setEntidad)(valor);
    // An action of another entity would match nothing.
    if (accion && valor && ACCIONES_AUDITORIA[accion as AccionAuditoria]?.entidad !== valor) setAccion('');
  };
  const hayFiltros = Boolean(usuario || entidad || accion || nro || desde || hasta);
  const limpiarFiltros = () => {
    for (const fijar of [setUsuario, setEntidad, setAccion, setNro, setDesde, setHasta]) fijar('');
    setPagina(1);
  };

  const exportar = async () => {
    setExportando(true);
    try {
      await exportarAuditoria(filtros);
    } catch (error) {
      notifications.show({ color: 'red', message: mensajeDeError(error, MENSAJES_AUDITORIA.errorExportar) });
    } finally {
      setExportando(false);
    }
  };

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Auditoría">
        <BotonOcupado leftSection={<IconDownload size={16} />} onClick={() => void exportar()} ocupado={exportando} disabled={invertido}>
          Exportar CSV
        </BotonOcupado>
      </Encabezado>

      <PanelFiltros>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput label="Usuario" placeholder="Nombre de usuario" value={usuario} onChange={(e) => cambiar(setUsuario)(e.currentTarget.value)} />
          <NativeSelect
            label="Entidad"
            value={entidad}
            onChange={(e) => cambiarEntidad(e.currentTarget.value)}
            data={[{ value: '', label: 'Todas las entidades' }, ...ENTIDADES.map(([value, label]) => ({ value, label }))]}
          />
          <NativeSelect label="Acción" value={accion} onChange={(e) => cambiar(setAccion)(e.currentTarget.value)} data={opcionesDeAccion(entidad)} />
          <TextInput
            label="Número"
            placeholder="Del producto, la venta, el usuario…"
            inputMode="numeric"
            value={nro}
            onChange={(e) => cambiar(setNro)(e.currentTarget.value)}
            error={nroInvalido ? MENSAJES_AUDITORIA.idInvalido : undefined}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="date" label="Desde" value={desde} onChange={(e) => cambiar(setDesde)(e.currentTarget.value)} />
            <TextInput type="date" label="Hasta" value={hasta} onChange={(e) => cambiar(setHasta)(e.currentTarget.value)} />
          </SimpleGrid>
          <Group justify="flex-end" align="flex-end">
            <Button variant="default" leftSection={<IconX size={16} />} onClick={limpiarFiltros} disabled={!hayFiltros}>
              Limpiar filtros
            </Button>
          </Group>
        </SimpleGrid>
        {invertido && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {MENSAJES.rangoFechasInvertido}
          </Text>
        )}
      </PanelFiltros>

      <SegunConsulta consulta={consulta} mensajeError={MENSAJES_AUDITORIA.errorCargar}>
        {(data) => (
          <div aria-busy={consulta.isFetching}>
            {consulta.isFetching && (
              <Group gap="xs" mb="xs" c="dimmed">
                <Loader size="xs" />
                <Text size="sm">Actualizando…</Text>
              </Group>
            )}
            {movil ? (
              <TarjetasAdmin etiqueta="Eventos de auditoría" vacia={data.items.length === 0} mensajeVacia={MENSAJES_AUDITORIA.sinEventos}>
                {data.items.map((e) => (
                  <TarjetaEvento key={e.id} evento={e} />
                ))}
              </TarjetasAdmin>
            ) : (
              <TablaAdmin
                etiqueta="Eventos de auditoría"
                anchoMinimo={980}
                columnas={['Fecha', 'Usuario', 'Acción', 'Sobre', 'Cambios', 'Origen']}
                vacia={data.items.length === 0}
                mensajeVacia={MENSAJES_AUDITORIA.sinEventos}
                resaltarAlPasar={false}
              >
                {data.items.map((e) => (
                  <Table.Tr key={e.id} data-accion={e.accion}>
                    <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{fechaHoraAuditoria(e.fecha)}</Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Usuario evento={e} />
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>{etiquetaAccion(e.accion)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{sobre(e)}</Table.Td>
                    <Table.Td style={{ verticalAlign: 'top', maxWidth: 420 }}>
                      <Cambios evento={e} />
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top', maxWidth: 220 }}>
                      <Origen evento={e} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </TablaAdmin>
            )}
            <Paginacion pagina={data.pagina} porPagina={data.porPagina} total={data.total} onCambiar={setPagina} />
          </div>
        )}
      </SegunConsulta>
    </Container>
  );
}

/** 'Producto nro 12'. */
const sobre = (e: EventoAuditoria) => `${etiquetaEntidad(e.entidad)}${e.entidadId === null ? '' : ` nro ${e.entidadId}`}`;

function Usuario({ evento: e }: { evento: EventoAuditoria }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {e.usuario}
      </Text>
      {e.usuarioId !== null && (
        <Text size="xs" c="dimmed">
          Usuario nro {e.usuarioId}
        </Text>
      )}
    </>
  );
}

function Cambios({ evento }: { evento: EventoAuditoria }) {
  const lineas = describirCambios(evento);
  if (lineas.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {lineas.map((l, i) => (
        <Text key={i} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {l}
        </Text>
      ))}
    </Stack>
  );
}

function Origen({ evento: e }: { evento: EventoAuditoria }) {
  return (
    <>
      <Text size="sm">{e.direccion ?? '—'}</Text>
      {e.navegador && (
        <Text size="xs" c="dimmed" lineClamp={2} title={e.navegador} style={{ overflowWrap: 'anywhere' }}>
          {e.navegador}
        </Text>
      )}
    </>
  );
}

/** An event as a card, for phones. */
function TarjetaEvento({ evento: e }: { evento: EventoAuditoria }) {
  return (
    <Card component="li" withBorder padding="sm" data-accion={e.accion}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text fw={700}>{etiquetaAccion(e.accion)}</Text>
          <Text size="sm">{sobre(e)}</Text>
        </div>
        <Text size="xs" c="dimmed" ta="right">
          {fechaHoraAuditoria(e.fecha)}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <div>
          <Usuario evento={e} />
        </div>
        <div>
          <Origen evento={e} />
        </div>
      </SimpleGrid>
      <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        <Cambios evento={e} />
      </div>
    </Card>
  );
}

import { Alert, Badge, Button, Container, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ETIQUETA_CAMPO, type FilaParaActualizar, type VistaPreviaImportacion } from '../../../../../domain/importacion';
import { formatearPrecio } from '../../../../../domain/money';
import { numeroParaEditar } from '../../../../../domain/numeros';
import { mensajeDeError } from '../../../api/client';
import { descargarPlantilla, estadoImportacion, subirPlanilla, useConfirmarImportacion, type FormatoPlanilla } from '../../../api/catalogo-masivo';
import { paths } from '../../../app/paths';
import { Encabezado } from '../comun/encabezado';
import { TablaAdmin } from '../comun/tabla-admin';
import { BotonOcupado } from '../comun/boton-ocupado';

type Cambio = FilaParaActualizar['cambios'][number];

const valorLegible = (campo: Cambio['campo'], v: string | number) =>
  typeof v === 'number' && (campo === 'costo' || campo === 'precio') ? formatearPrecio(v) : typeof v === 'number' && campo === 'porcentaje' ? `${numeroParaEditar(v)} %` : String(v) || '(vacío)';

const legibleCambio = (c: Cambio) => `${ETIQUETA_CAMPO[c.campo]}: ${valorLegible(c.campo, c.antes)} → ${valorLegible(c.campo, c.despues)}`;

/** 'Importar productos': a spreadsheet's preview (to create, to update, errors), then its confirmation. */
export default function ImportarProductosPage() {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [subida, setSubida] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [vista, setVista] = useState<VistaPreviaImportacion | null>(null);
  const [avance, setAvance] = useState<{ hechas: number; total: number } | null>(null);
  const confirmar = useConfirmarImportacion();

  // While the server applies, its progress (rows written) every half second.
  useEffect(() => {
    if (!confirmar.isPending || !vista) return;
    const token = vista.token;
    const reloj = setInterval(() => {
      estadoImportacion(token)
        .then((e) => setAvance(e.total > 0 ? { hechas: e.hechas, total: e.total } : null))
        .catch(() => undefined);
    }, 500);
    return () => clearInterval(reloj);
  }, [confirmar.isPending, vista]);

  const verVistaPrevia = async () => {
    if (!archivo) return;
    setError(null);
    setVista(null);
    setSubida(0);
    try {
      setVista(await subirPlanilla(archivo, setSubida));
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setSubida(null);
    }
  };

  const aplicar = () => {
    if (!vista) return;
    setAvance(null);
    confirmar.mutate(vista.token, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        setVista(null);
        setArchivo(null);
      },
      onError: (e) => setError(mensajeDeError(e)),
    });
  };

  const descargar = (formato: FormatoPlanilla) => () => descargarPlantilla(formato).catch((e: unknown) => notifications.show({ color: 'red', message: mensajeDeError(e) }));
  const aplicables = vista ? vista.totales.crear + vista.totales.actualizar : 0;

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Importar productos">
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={descargar('xlsx')}>
          Plantilla .xlsx
        </Button>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={descargar('csv')}>
          Plantilla .csv
        </Button>
        <Button component={Link} to={paths.grillaProductos} variant="default">
          Volver a productos
        </Button>
      </Encabezado>

      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Una fila por producto con las columnas Código, Denominación, Marca, Categoría, Costo, Porcentaje, Stock y Descripción (los encabezados pueden
          ir con o sin acentos y en mayúsculas o minúsculas). Un código que ya existe actualiza ese producto; uno nuevo lo crea. Antes de escribir nada se
          muestra qué va a cambiar.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="Planilla (.xlsx o .csv, hasta 10 MB)"
            placeholder="Elegí un archivo"
            // Mantine's placeholder grey reads 2.07:1 on white; this one 4.5:1 or more (WCAG AA).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={archivo}
            onChange={(f) => {
              setArchivo(f);
              setVista(null);
              setError(null);
            }}
            clearable
            w={{ base: '100%', sm: 360 }}
          />
          <BotonOcupado leftSection={<IconUpload size={16} />} onClick={verVistaPrevia} disabled={!archivo || subida !== null || confirmar.isPending} ocupado={subida !== null}>
            Ver vista previa
          </BotonOcupado>
        </Group>

        {subida !== null && (
          <Stack gap={4}>
            <Text size="sm">{subida < 1 ? `Subiendo el archivo: ${Math.round(subida * 100)} %` : 'Leyendo el archivo…'}</Text>
            <Progress value={subida * 100} animated={subida >= 1} aria-label="Avance de la subida" />
          </Stack>
        )}

        {error && (
          <Alert color="red" title="No se pudo importar" role="alert">
            {error}
          </Alert>
        )}

        {vista && (
          <Stack gap="md">
            <Group gap="xs" wrap="wrap" aria-label="Resumen de la vista previa">
              <Badge color="green" size="lg" variant="light">
                A crear: {vista.totales.crear}
              </Badge>
              <Badge color="blue" size="lg" variant="light">
                A actualizar: {vista.totales.actualizar}
              </Badge>
              <Badge color="gray" size="lg" variant="light">
                Sin cambios: {vista.totales.sinCambios}
              </Badge>
              <Badge color="red" size="lg" variant="light">
                Con errores: {vista.totales.errores}
              </Badge>
            </Group>
            {vista.columnasIgnoradas.length > 0 && (
              <Text size="sm" c="dimmed">
                Columnas que no se importan: {vista.columnasIgnoradas.join(', ')} (el precio se calcula con el costo y el porcentaje).
              </Text>
            )}

            {vista.errores.length > 0 && (
              <Seccion titulo="Filas con errores (no se importan)" total={vista.totales.errores} mostradas={vista.errores.length}>
                <TablaAdmin etiqueta="Filas con errores" anchoMinimo={560} columnas={['Fila', 'Código', 'Errores']} vacia={false} mensajeVacia="" resaltarAlPasar={false}>
                  {vista.errores.map((f) => (
                    <Table.Tr key={f.fila}>
                      <Table.Td>{f.fila}</Table.Td>
                      <Table.Td>{f.codigo}</Table.Td>
                      <Table.Td c="red.9">{f.mensajes.join('. ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </TablaAdmin>
              </Seccion>
            )}

            {vista.crear.length > 0 && (
              <Seccion titulo="Productos a crear" total={vista.totales.crear} mostradas={vista.crear.length}>
                <TablaAdmin
                  etiqueta="Productos a crear"
                  anchoMinimo={640}
                  columnas={['Fila', 'Código', 'Denominación', 'Categoría', { titulo: 'Precio', derecha: true }, { titulo: 'Stock', derecha: true }]}
                  vacia={false}
                  mensajeVacia=""
                >
                  {vista.crear.map((f) => (
                    <Table.Tr key={f.fila}>
                      <Table.Td>{f.fila}</Table.Td>
                      <Table.Td>{f.codigo}</Table.Td>
                      <Table.Td>{f.denominacion}</Table.Td>
                      <Table.Td>{f.categoria}</Table.Td>
                      <Table.Td ta="right">{formatearPrecio(f.precio)}</Table.Td>
                      <Table.Td ta="right">{f.stock}</Table.Td>
                    </Table.Tr>
                  ))}
                </TablaAdmin>
              </Seccion>
            )}

            {vista.actualizar.length > 0 && (
              <Seccion titulo="Productos a actualizar" total={vista.totales.actualizar} mostradas={vista.actualizar.length}>
                <TablaAdmin etiqueta="Productos a actualizar" anchoMinimo={640} columnas={['Fila', 'Código', 'Denominación', 'Cambios']} vacia={false} mensajeVacia="">
                  {vista.actualizar.map((f) => (
                    <Table.Tr key={f.fila}>
                      <Table.Td>{f.fila}</Table.Td>
                      <Table.Td>{f.codigo}</Table.Td>
                      <Table.Td>{f.denominacion}</Table.Td>
                      <Table.Td>
                        {f.cambios.map((c) => (
                          <Text key={c.campo} size="sm">
                            {legibleCambio(c)}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </TablaAdmin>
              </Seccion>
            )}

            {confirmar.isPending && (
              <Stack gap={4}>
                <Text size="sm">{avance ? `Aplicando: ${avance.hechas} de ${avance.total} filas` : 'Aplicando los cambios…'}</Text>
                <Progress value={avance ? (avance.hechas / avance.total) * 100 : 100} animated aria-label="Avance de la importación" />
              </Stack>
            )}
            <Group>
              <BotonOcupado onClick={aplicar} disabled={aplicables === 0} ocupado={confirmar.isPending}>
                {aplicables === 0 ? 'No hay cambios para aplicar' : `Confirmar importación (${aplicables} ${aplicables === 1 ? 'producto' : 'productos'})`}
              </BotonOcupado>
              <Text size="xs" c="dimmed">
                Todo se aplica junto o nada; las filas con errores quedan afuera.
              </Text>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function Seccion({ titulo, total, mostradas, children }: { titulo: string; total: number; mostradas: number; children: React.ReactNode }) {
  return (
    <section aria-label={titulo}>
      <Title order={2} size="h4" mb="xs">
        {titulo} ({total})
      </Title>
      {children}
      {mostradas < total && (
        <Text size="xs" c="dimmed" mt={4}>
          Se muestran las primeras {mostradas} de {total}.
        </Text>
      )}
    </section>
  );
}

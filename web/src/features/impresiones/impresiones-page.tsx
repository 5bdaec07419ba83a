import { Alert, Button, Center, Container, Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin, IconShoppingCart } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ImpresionCarrito } from '../../../../domain/carrito';
import type { TrabajoImpresion } from '../../../../domain/impresion';
import { ApiError, mensajeDeError } from '../../api/client';
import { impresionKeys, obtenerTrabajo, useTarifaImpresion } from '../../api/impresiones';
import { paths } from '../../app/paths';
import { useCarrito } from '../../carrito/carrito-context';
import { useUser } from '../../sesion/usuario-context';
import { ConfirmarQuitar } from './confirmar-quitar';
import { SubirPdfs } from './subir-pdfs';
import { TablaTarifa } from './tabla-tarifa';
import { TrabajoCard } from './trabajo-card';

/**
 * The jobs this page shows: those in the cart (they come back after a reload) and those uploaded on this
 * visit. Each is read from the server, which says whether it can still be ordered.
 */
function useTrabajos(habilitado: boolean) {
  const { carrito, despachar } = useCarrito();
  const qc = useQueryClient();
  const [nuevos, setNuevos] = useState<number[]>([]);
  const ids = [...new Set([...carrito.impresiones.map((i) => i.id), ...nuevos])];
  const consultas = useQueries({
    queries: ids.map((id) => ({
      queryKey: impresionKeys.trabajo(id),
      queryFn: () => obtenerTrabajo(id),
      enabled: habilitado,
      staleTime: Number.POSITIVE_INFINITY,
      retry: (intentos: number, e: unknown) => !(e instanceof ApiError && e.status < 500) && intentos < 2,
    })),
  });

  // A job of the cart that was ordered meanwhile (another tab) or no longer exists leaves the cart.
  const yaNoSePueden = ids.filter((id, i) => {
    const c = consultas[i];
    return (c?.data && c.data.estado !== 'BORRADOR') || (c?.error instanceof ApiError && [403, 404].includes(c.error.status));
  });
  const claveYaNo = yaNoSePueden.join(',');
  useEffect(() => {
    if (!claveYaNo) return;
    for (const id of claveYaNo.split(',').map(Number)) despachar({ tipo: 'eliminarImpresion', trabajoId: id });
    setNuevos((n) => n.filter((id) => !claveYaNo.split(',').map(Number).includes(id)));
  }, [claveYaNo, despachar]);

  const agregar = (t: TrabajoImpresion) => {
    qc.setQueryData(impresionKeys.trabajo(t.id), t);
    setNuevos((n) => [...n, t.id]);
  };
  const quitar = (id: number) => {
    despachar({ tipo: 'eliminarImpresion', trabajoId: id });
    setNuevos((n) => n.filter((x) => x !== id));
  };
  const lista = ids.map((id, i) => ({ id, consulta: consultas[i]! })).filter(({ id }) => !yaNoSePueden.includes(id));
  return { lista, agregar, quitar };
}

/** Issue 21: '/impresiones', upload PDFs, choose how each is printed, see the exact price, add it to the cart. */
export default function ImpresionesPage() {
  const { usuario, cargando } = useUser();
  const tarifa = useTarifaImpresion();
  const { carrito, despachar, abrirPanel } = useCarrito();
  const { lista, agregar, quitar } = useTrabajos(usuario !== null);
  const [porQuitar, setPorQuitar] = useState<TrabajoImpresion | null>(null);

  const alAgregar = (linea: ImpresionCarrito) => {
    const estaba = carrito.impresiones.some((i) => i.id === linea.id);
    despachar({ tipo: 'agregarImpresion', impresion: linea });
    notifications.show({ color: 'green', message: estaba ? 'Impresión actualizada en el carrito' : 'Impresión agregada al carrito' });
  };

  const tablaDePrecios = tarifa.data ? (
    <TablaTarifa tarifa={tarifa.data} />
  ) : tarifa.isError ? (
    <Alert color="red" role="alert">
      {mensajeDeError(tarifa.error, 'No se pudieron cargar los precios de impresión.')}
    </Alert>
  ) : (
    <Skeleton height={260} radius="md" aria-label="Cargando precios" />
  );

  const deCliente = () => {
    if (cargando) return <Center py="xl" role="status"><Loader aria-label="Cargando..." /></Center>;
    if (!usuario) {
      return (
        <Alert color="blue" title="Iniciá sesión para subir tus archivos" variant="light">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Con tu cuenta subís los PDF, elegís las opciones, pagás y te avisamos cuando estén listos para retirar.</Text>
            <Group gap="xs">
              <Button component={Link} to={paths.login} state={{ desde: paths.impresiones }} leftSection={<IconLogin size={18} />}>
                Iniciar sesión
              </Button>
              <Button component={Link} to={paths.registro} variant="default">
                Registrate
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    }
    return (
      <Stack gap="md">
        <SubirPdfs alSubir={agregar} />
        {lista.length > 0 && (
          <Stack gap="md" component="section" aria-label="Tus archivos">
            <Title order={2} size="h3">
              Tus archivos
            </Title>
            {lista.map(({ id, consulta }) =>
              consulta.data && tarifa.data ? (
                <TrabajoCard
                  key={id}
                  trabajo={consulta.data}
                  tarifa={tarifa.data}
                  enCarrito={carrito.impresiones.find((i) => i.id === id)}
                  alAgregar={alAgregar}
                  alQuitar={() => setPorQuitar(consulta.data)}
                />
              ) : consulta.isError ? (
                <Alert key={id} color="red" role="alert">
                  {mensajeDeError(consulta.error, 'No se pudo cargar un archivo.')}
                </Alert>
              ) : (
                <Skeleton key={id} height={320} radius="md" />
              ),
            )}
            {carrito.impresiones.length > 0 && (
              <Group justify="flex-end">
                <Button variant="light" leftSection={<IconShoppingCart size={18} />} onClick={abrirPanel}>
                  Ver carrito y pagar
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        Impresiones online
      </Title>
      <Text c="gray.7" mb="lg">
        Subí tus PDF, elegí cómo los querés y pagalos con el resto de tu compra. Te avisamos cuando estén listos para retirar en el local.
      </Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>{deCliente()}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>{tablaDePrecios}</Grid.Col>
      </Grid>
      <ConfirmarQuitar
        trabajo={porQuitar}
        onCancelar={() => setPorQuitar(null)}
        onQuitado={(t) => {
          quitar(t.id);
          setPorQuitar(null);
          notifications.show({ color: 'green', message: `Quitamos ${t.nombreArchivo}.` });
        }}
      />
    </Container>
  );
}

import { Alert, Button, Center, Container, Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ImpresionCarrito } from '../../../../domain/carrito';
import type { TrabajoImpresion } from '../../../../domain/impresion';
import { mensajeDeError } from '../../api/client';
import { impresionKeys, ponerEnMisTrabajos, useMisTrabajos, useTarifaImpresion } from '../../api/impresiones';
import { paths } from '../../app/paths';
import { useCarrito } from '../../carrito/carrito-context';
import { useUser } from '../../sesion/usuario-context';
import { ConfirmarQuitar } from './confirmar-quitar';
import { SubirPdfs } from './subir-pdfs';
import { TablaTarifa } from './tabla-tarifa';
import { TrabajoCard } from './trabajo-card';

/**
 * The jobs this page shows: the customer's drafts (uploaded, not ordered yet), oldest first, so that they
 * come back after a reload. A cart line whose job is no longer a draft (ordered in another tab) or is gone
 * leaves the cart.
 */
function useTrabajos(habilitado: boolean) {
  const { carrito, despachar } = useCarrito();
  const qc = useQueryClient();
  const consulta = useMisTrabajos(habilitado);
  // Removed on this visit (the server keeps drafts until its cleanup when it cannot delete them).
  const [quitados, setQuitados] = useState<number[]>([]);
  const borradores = (consulta.data ?? []).filter((t) => t.estado === 'BORRADOR' && !quitados.includes(t.id)).sort((a, b) => a.id - b.id);

  const huerfanos = consulta.data ? carrito.impresiones.filter((i) => !borradores.some((t) => t.id === i.id)).map((i) => i.id) : [];
  const claveHuerfanos = huerfanos.join(',');
  useEffect(() => {
    if (!claveHuerfanos) return;
    for (const id of claveHuerfanos.split(',').map(Number)) despachar({ tipo: 'eliminarImpresion', trabajoId: id });
  }, [claveHuerfanos, despachar]);

  const agregar = (t: TrabajoImpresion) => ponerEnMisTrabajos(qc, t);
  const quitar = (id: number) => {
    despachar({ tipo: 'eliminarImpresion', trabajoId: id });
    setQuitados((q) => [...q, id]);
    void qc.invalidateQueries({ queryKey: impresionKeys.mios });
  };
  return { consulta, borradores, agregar, quitar };
}

/** Issue 21: '/impresiones', upload PDFs, choose how each is printed, see the exact price, add it to the cart. */
export default function ImpresionesPage() {
  const { usuario, cargando } = useUser();
  const tarifa = useTarifaImpresion();
  const { carrito, despachar, abrirPanel } = useCarrito();
  const { consulta, borradores, agregar, quitar } = useTrabajos(usuario !== null);
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
    <div role="status" aria-label="Cargando precios">
      <Skeleton height={260} radius="md" />
    </div>
  );

  const deCliente = () => {
    if (cargando) return (
        <Center py="xl" role="status" aria-label="Cargando...">
          <Loader />
        </Center>
      );
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
        {consulta.isPending && (
          <div role="status" aria-label="Cargando tus archivos">
            <Skeleton height={320} radius="md" />
          </div>
        )}
        {consulta.isError && (
          <Alert color="red" role="alert">
            {mensajeDeError(consulta.error, 'No se pudieron cargar tus archivos.')}
          </Alert>
        )}
        {borradores.length > 0 && (
          <Stack gap="md" component="section" aria-label="Tus archivos">
            <Title order={2} size="h3">
              Tus archivos
            </Title>
            {borradores.map((t) =>
              tarifa.data ? (
                <TrabajoCard
                  key={t.id}
                  trabajo={t}
                  tarifa={tarifa.data}
                  enCarrito={carrito.impresiones.find((i) => i.id === t.id)}
                  alAgregar={alAgregar}
                  alQuitar={() => setPorQuitar(t)}
                />
              ) : (
                <Skeleton key={t.id} height={320} radius="md" />
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Container, Fieldset, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconKey, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { cambioDeClaveSchema, MENSAJES_CUENTA, perfilActualizarSchema, type CambioDeClave, type Perfil, type SesionPropia } from '../../../../domain/cuenta';
import { ZONA_MENDOZA } from '../../../../domain/fechas';
import { mensajeDeError } from '../../api/client';
import { useCambiarClave, useCerrarOtrasSesiones, useGuardarPerfil, usePerfil, useSesiones } from '../../api/cuenta';
import { CamposClave } from '../../components/campos-clave';
import { CamposDomicilio, domicilioAFormulario, type DomicilioFormulario } from '../../components/campos-domicilio';
import { CamposPersona, PERSONA_VACIA, type PersonaFormulario } from '../../components/campos-persona';
import { CAMPOS_PERSONA_Y_DOMICILIO, marcarErroresDelServidor } from '../../components/errores-del-servidor';
import { useUser } from '../../sesion/usuario-context';

const M = MENSAJES_CUENTA;

const fechaHora = new Intl.DateTimeFormat('es-AR', { timeZone: ZONA_MENDOZA, dateStyle: 'short', timeStyle: 'short' });
const legible = (iso: string) => fechaHora.format(new Date(iso));

/** 'Mi cuenta' (docs/decisions/025-mi-cuenta.md): personal data and address, password, sessions. */
export default function MiCuentaPage() {
  const perfil = usePerfil();
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="xs">
        {M.titulo}
      </Title>
      {perfil.data && (
        <Text mb="lg">
          Usuario: {perfil.data.usuario}
        </Text>
      )}
      <Stack gap="xl">
        {perfil.isPending ? (
          <Card withBorder padding="lg" aria-busy="true" aria-label="Cargando tus datos">
            <Stack>
              <Skeleton height={28} width="40%" />
              <Skeleton height={180} />
            </Stack>
          </Card>
        ) : perfil.isError ? (
          <Alert color="red" role="alert">
            {mensajeDeError(perfil.error, M.errorCargar)}
          </Alert>
        ) : (
          <DatosPersonales perfil={perfil.data} />
        )}
        <CambioDeClaveForm />
        <Sesiones />
      </Stack>
    </Container>
  );
}

interface ValoresPerfil {
  persona: PersonaFormulario;
  domicilio: DomicilioFormulario;
}

function DatosPersonales({ perfil }: { perfil: Perfil }) {
  const guardar = useGuardarPerfil();
  const {
    control,
    handleSubmit,
    reset,
    setError: marcarError,
  } = useForm<ValoresPerfil>({
    defaultValues: { persona: perfil.persona ?? PERSONA_VACIA, domicilio: domicilioAFormulario(perfil.domicilio) },
    resolver: zodResolver(perfilActualizarSchema) as never,
    mode: 'onTouched',
  });
  const enviar = (valores: ValoresPerfil) =>
    guardar.mutate(valores, {
      onSuccess: (nuevo) => {
        reset({ persona: nuevo.persona ?? PERSONA_VACIA, domicilio: domicilioAFormulario(nuevo.domicilio) });
        notifications.show({ color: 'green', message: M.datosGuardados });
      },
      onError: (e) => {
        marcarErroresDelServidor(e, marcarError, CAMPOS_PERSONA_Y_DOMICILIO);
        notifications.show({ color: 'red', title: M.errorAlGuardar, message: mensajeDeError(e) });
      },
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="titulo-datos">
      <Title order={2} size="h3" id="titulo-datos" mb="md">
        Datos personales y domicilio
      </Title>
      <form onSubmit={(e) => void handleSubmit(enviar)(e)} noValidate aria-labelledby="titulo-datos">
        <Stack>
          <Fieldset legend="Datos personales">
            <CamposPersona control={control} />
          </Fieldset>
          <Fieldset legend="Domicilio">
            <CamposDomicilio control={control} />
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={guardar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const CLAVE_VACIA: CambioDeClave = { claveActual: '', clave: '', repetida: '' };

function CambioDeClaveForm() {
  const { usuario } = useUser();
  const cambiar = useCambiarClave();
  const {
    control,
    handleSubmit,
    reset,
    setError: marcarError,
  } = useForm<CambioDeClave>({ defaultValues: CLAVE_VACIA, resolver: zodResolver(cambioDeClaveSchema), mode: 'onTouched' });
  const enviar = ({ clave, claveActual }: CambioDeClave) => {
    if (!usuario) return;
    cambiar.mutate(
      { id: usuario.id, clave, claveActual },
      {
        onSuccess: () => {
          reset(CLAVE_VACIA);
          notifications.show({ color: 'green', message: M.claveCambiada });
        },
        onError: (e) => {
          // The server's refusals (current password wrong, a common one, one with the person's name) on their inputs.
          marcarErroresDelServidor(e, marcarError, ['clave', 'claveActual']);
          notifications.show({ color: 'red', title: M.errorClave, message: mensajeDeError(e) });
        },
      },
    );
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="titulo-clave">
      <Title order={2} size="h3" id="titulo-clave" mb="xs">
        Contraseña
      </Title>
      <Text size="sm" mb="md">
        La contraseña nueva necesita al menos 8 caracteres. Al cambiarla se cierran las demás sesiones de tu cuenta.
      </Text>
      <form onSubmit={(e) => void handleSubmit(enviar)(e)} noValidate aria-labelledby="titulo-clave">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CamposClave control={control} actual />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={cambiar.isPending} leftSection={<IconKey size={16} />}>
              Cambiar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Sesiones() {
  const sesiones = useSesiones();
  const cerrar = useCerrarOtrasSesiones();
  const [confirmando, setConfirmando] = useState(false);
  const otras = (sesiones.data ?? []).filter((s) => !s.actual).length;
  const cerrarOtras = () =>
    cerrar.mutate(undefined, {
      onSuccess: ({ cerradas }) => {
        setConfirmando(false);
        notifications.show({ color: 'green', message: M.sesionesCerradas(cerradas) });
      },
      onError: (e) => notifications.show({ color: 'red', title: M.errorCerrarSesiones, message: mensajeDeError(e) }),
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="titulo-sesiones">
      <Title order={2} size="h3" id="titulo-sesiones" mb="xs">
        Sesiones abiertas
      </Title>
      <Text size="sm" mb="md">
        Los navegadores y dispositivos donde tu cuenta tiene la sesión iniciada.
      </Text>
      {sesiones.isPending ? (
        <Stack aria-busy="true" aria-label="Cargando tus sesiones">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : sesiones.isError ? (
        <Alert color="red" role="alert">
          {mensajeDeError(sesiones.error, M.errorSesiones)}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" aria-label="Sesiones abiertas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sesiones.data.map((s, i) => (
            <FilaSesion key={`${s.creada}-${i}`} sesion={s} />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button color="red.9" variant="outline" leftSection={<IconLogout size={16} />} disabled={otras === 0} onClick={() => setConfirmando(true)}>
          Cerrar las demás sesiones
        </Button>
      </Group>
      <Modal
        opened={confirmando}
        onClose={() => setConfirmando(false)}
        title="Cerrar las demás sesiones"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
        transitionProps={{ transition: 'pop', duration: 300 }}
        overlayProps={{ backgroundOpacity: 0.45, blur: 2, transitionProps: { duration: 150 } }}
      >
        <Text>{M.confirmarCerrarOtras}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmando(false)} disabled={cerrar.isPending}>
            Cancelar
          </Button>
          <Button color="red.9" onClick={cerrarOtras} loading={cerrar.isPending}>
            Cerrar sesiones
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function FilaSesion({ sesion }: { sesion: SesionPropia }) {
  return (
    <Card component="li" withBorder padding="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{sesion.dispositivo}</Text>
          {sesion.actual && (
            <Badge color="teal.9" variant="outline">
              {M.estaSesion}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Inició: {legible(sesion.creada)} · Último uso: {legible(sesion.ultimoUso)}
        </Text>
      </Group>
    </Card>
  );
}

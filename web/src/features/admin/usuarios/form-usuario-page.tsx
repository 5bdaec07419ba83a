import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Badge, Button, Container, Fieldset, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ROL_LABEL, opciones, type Rol } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import { MENSAJES_PERSONA } from '../../../../../domain/persona';
import { MENSAJES_SEGUNDO_FACTOR } from '../../../../../domain/segundo-factor';
import { LARGOS_USUARIO, MENSAJES_USUARIO, usuarioCompletoActualizarSchema, usuarioCompletoCrearSchema, type UsuarioCompleto } from '../../../../../domain/usuario';
import { useGuardarUsuarioCompleto, useUsuarioCompleto } from '../../../api/admin-usuarios';
import { ApiError, mensajeDeError } from '../../../api/client';
import { useRestablecerSegundoFactor, useSegundoFactorDeUsuario } from '../../../api/segundo-factor';
import { paths } from '../../../app/paths';
import { CamposDomicilio, DOMICILIO_VACIO, domicilioAFormulario, type DomicilioFormulario } from '../../../components/campos-domicilio';
import { CamposPersona, PERSONA_VACIA, type PersonaFormulario } from '../../../components/campos-persona';
import { CAMPOS_PERSONA_Y_DOMICILIO, marcarErroresDelServidor } from '../../../components/errores-del-servidor';
import { Cargando } from '../../../components/guards/requiere-rol';
import { useUser } from '../../../sesion/usuario-context';
import { ConfirmarModal } from '../comun/confirmar-modal';
import { BotonOcupado } from '../comun/boton-ocupado';

const aOpciones = <K extends string>(labels: Record<K, string>) => opciones(labels).map(({ key, nombre }) => ({ value: key, label: nombre }));
const ROLES = aOpciones(ROL_LABEL);

interface Valores {
  persona: PersonaFormulario;
  domicilio: DomicilioFormulario;
  /** `claveActual` only exists once its input shows (an admin changing their own password). */
  usuario: { usuario: string; clave: string; claveActual?: string };
  rol: Rol;
}

const VACIO: Valores = {
  persona: PERSONA_VACIA,
  domicilio: DOMICILIO_VACIO,
  usuario: { usuario: '', clave: '' },
  rol: 'USER',
};

const aValores = (u: UsuarioCompleto): Valores => ({
  persona: {
    nombre: u.persona?.nombre ?? '',
    apellido: u.persona?.apellido ?? '',
    email: u.persona?.email ?? '',
    telefono: u.persona?.telefono ?? '',
  },
  domicilio: domicilioAFormulario(u.domicilio),
  usuario: { usuario: u.usuario.usuario, clave: '' },
  rol: u.rol,
});

/** Spec screen 18: 'Formulario de Usuarios', a person with address, login and role, saved in one go. */
export default function FormUsuarioPage() {
  const id = Number(useParams().idUsuario ?? 0) || 0;
  const cargado = useUsuarioCompleto(id);
  if (id > 0 && cargado.isPending) return <Cargando />;
  if (id > 0 && cargado.isError) {
    return (
      <Container size="md" py="lg">
        <Alert color="red">{MENSAJES.errorCargarDatos}</Alert>
      </Container>
    );
  }
  return <Formulario id={id} inicial={cargado.data ? aValores(cargado.data) : VACIO} />;
}

function Formulario({ id, inicial }: { id: number; inicial: Valores }) {
  const navigate = useNavigate();
  const guardar = useGuardarUsuarioCompleto();
  const { usuario: sesion } = useUser();
  const esquema = id > 0 ? usuarioCompletoActualizarSchema : usuarioCompletoCrearSchema;
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError: marcarError,
    formState: { errors },
  } = useForm<Valores>({ defaultValues: inicial, resolver: zodResolver(esquema, undefined, { raw: true }) as never });
  const [error, setError] = useState<{ titulo: string; detalle?: string } | null>(null);
  // Changing one's own password asks for the current one (the server checks it).
  const pideClaveActual = id > 0 && id === sesion?.id && watch('usuario.clave') !== '';

  const enviar = (v: Valores) => {
    setError(null);
    if (pideClaveActual && !v.usuario.claveActual) {
      marcarError('usuario.claveActual', { message: MENSAJES_USUARIO.claveActualObligatoria });
      return;
    }
    const usuario = {
      usuario: v.usuario.usuario,
      ...(v.usuario.clave ? { clave: v.usuario.clave } : {}),
      ...(pideClaveActual ? { claveActual: v.usuario.claveActual } : {}),
    };
    const datos = { ...v, usuario };
    guardar.mutate(
      { id, datos },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: id > 0 ? MENSAJES_PERSONA.personaActualizada : MENSAJES_PERSONA.personaCreada });
          navigate(paths.grillaUsuarios);
        },
        onError: (e) => {
          const detalle = e instanceof ApiError && e.status < 500 ? [...new Set([e.message, ...(e.errors ?? []).map((x) => x.mensaje)])].join(' ') : undefined;
          // The server's refusals of a password (current one wrong, new one common...) go on their input too.
          marcarErroresDelServidor(e, marcarError, [...CAMPOS_PERSONA_Y_DOMICILIO, 'usuario.usuario', 'usuario.clave', 'usuario.claveActual']);
          setError({ titulo: MENSAJES_PERSONA.errorAlGuardar, detalle });
          notifications.show({ color: 'red', message: MENSAJES_PERSONA.errorAlGuardar });
        },
      },
    );
  };
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="md">
        Formulario de Usuarios
      </Title>
      <form onSubmit={handleSubmit(enviar)} aria-label="Formulario de Usuarios" noValidate>
        <Stack>
          <Fieldset legend="Datos personales">
            <CamposPersona control={control} requeridos={false} />
          </Fieldset>
          <Fieldset legend="Domicilio">
            <CamposDomicilio control={control} requeridos={false} />
          </Fieldset>
          <Fieldset legend="Datos de acceso">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Usuario" autoComplete="username" maxLength={LARGOS_USUARIO.usuario} error={errors.usuario?.usuario?.message} {...register('usuario.usuario')} />
              <PasswordInput
                label="Contraseña"
                autoComplete="new-password"
                description={id > 0 ? 'Dejala vacía para no cambiarla' : undefined}
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
                error={errors.usuario?.clave?.message}
                {...register('usuario.clave')}
              />
              {pideClaveActual && (
                <PasswordInput
                  label="Contraseña actual"
                  autoComplete="current-password"
                  description="Para cambiar tu propia contraseña"
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña actual' }}
                  error={errors.usuario?.claveActual?.message}
                  {...register('usuario.claveActual')}
                />
              )}
              <NativeSelect label="Rol" data={ROLES} error={errors.rol?.message} {...register('rol')} />
            </SimpleGrid>
          </Fieldset>
          {error && (
            <Alert color="red" title={error.titulo} withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setError(null)}>
              {error.detalle}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancelar
            </Button>
            <BotonOcupado type="submit" ocupado={guardar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar
            </BotonOcupado>
          </Group>
        </Stack>
      </form>
      {id > 0 && <VerificacionEnDosPasos id={id} nombre={inicial.usuario.usuario} esAdmin={inicial.rol === 'ADMIN'} propio={id === sesion?.id} />}
    </Container>
  );
}

/**
 * Another user's second factor, which an admin may remove (a lost phone); one's own is managed, with a
 * code, on the Seguridad page.
 */
function VerificacionEnDosPasos({ id, nombre, esAdmin, propio }: { id: number; nombre: string; esAdmin: boolean; propio: boolean }) {
  const consulta = useSegundoFactorDeUsuario(propio ? 0 : id);
  const restablecer = useRestablecerSegundoFactor();
  const [confirmando, setConfirmando] = useState(false);
  if (propio) {
    return (
      <Fieldset legend="Verificación en dos pasos" mt="md">
        <Text size="sm">
          La tuya se activa, se desactiva y renueva sus códigos de recuperación en{' '}
          <Anchor component={Link} to={paths.seguridad}>
            Seguridad
          </Anchor>
          .
        </Text>
      </Fieldset>
    );
  }
  const activa = consulta.data?.activa;
  if (!esAdmin && !activa) return null;
  const quitar = () =>
    restablecer.mutate(id, {
      onSuccess: () => {
        setConfirmando(false);
        notifications.show({ color: 'green', message: MENSAJES_SEGUNDO_FACTOR.restablecida(nombre) });
      },
      onError: (e) => notifications.show({ color: 'red', message: mensajeDeError(e) }),
    });
  return (
    <Fieldset legend="Verificación en dos pasos" mt="md">
      <Group justify="space-between">
        {activa === undefined ? (
          <Text size="sm" c="dimmed">
            Cargando...
          </Text>
        ) : (
          <Badge color={activa ? 'green' : 'gray'} variant="light">
            {activa ? 'Activada' : 'Desactivada'}
          </Badge>
        )}
        {activa && (
          <Button color="red" variant="outline" onClick={() => setConfirmando(true)}>
            Quitar verificación en dos pasos
          </Button>
        )}
      </Group>
      <ConfirmarModal
        abierto={confirmando}
        titulo="Quitar verificación en dos pasos"
        textoConfirmar="Quitar"
        confirmando={restablecer.isPending}
        onCancelar={() => setConfirmando(false)}
        onConfirmar={quitar}
      >
        {`¿Quitar la verificación en dos pasos de ${nombre}? Hacelo solo si perdió el teléfono y sus códigos de recuperación: se cierran sus sesiones y la próxima vez entra solo con su contraseña.`}
      </ConfirmarModal>
    </Fieldset>
  );
}

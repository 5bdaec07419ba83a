import { Alert, Button, Container, Fieldset, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { LOCALIDAD_LABEL, PROVINCIA_LABEL, ROL_LABEL, opciones, type Localidad, type Provincia, type Rol } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import { useGuardarUsuarioCompleto, useUsuarioCompleto, type UsuarioCompleto } from '../../../api/admin-usuarios';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';

const aOpciones = <K extends string>(labels: Record<K, string>) => opciones(labels).map(({ key, nombre }) => ({ value: key, label: nombre }));
const LOCALIDADES = aOpciones(LOCALIDAD_LABEL);
const PROVINCIAS = aOpciones(PROVINCIA_LABEL);
const ROLES = aOpciones(ROL_LABEL);

interface Valores {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  calle: string;
  numero: string;
  localidad: Localidad;
  provincia: Provincia;
  usuario: string;
  clave: string;
  rol: Rol;
}

const VACIO: Valores = {
  nombre: '',
  apellido: '',
  email: '',
  telefono: '',
  calle: '',
  numero: '',
  localidad: 'CAPITAL',
  provincia: 'MENDOZA',
  usuario: '',
  clave: '',
  rol: 'USER',
};

const aValores = (u: UsuarioCompleto): Valores => ({
  ...u.persona,
  calle: u.domicilio?.calle ?? '',
  numero: String(u.domicilio?.numero ?? ''),
  localidad: u.domicilio?.localidad ?? 'CAPITAL',
  provincia: u.domicilio?.provincia ?? 'MENDOZA',
  usuario: u.usuario.usuario,
  clave: '',
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
  const { register, handleSubmit } = useForm<Valores>({ defaultValues: inicial });
  const [error, setError] = useState<{ titulo: string; detalle?: string } | null>(null);

  const enviar = (v: Valores) => {
    setError(null);
    const datos: UsuarioCompleto = {
      persona: { nombre: v.nombre.trim(), apellido: v.apellido.trim(), email: v.email.trim(), telefono: v.telefono.trim() },
      domicilio: { calle: v.calle.trim(), numero: v.numero.trim(), localidad: v.localidad, provincia: v.provincia },
      usuario: { usuario: v.usuario.trim(), ...(v.clave ? { clave: v.clave } : {}) },
      rol: v.rol,
    };
    guardar.mutate(
      { id, datos },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: id > 0 ? MENSAJES.personaActualizada : MENSAJES.personaCreada });
          navigate(paths.grillaUsuarios);
        },
        onError: (e) => {
          const detalle = e instanceof ApiError && e.status < 500 ? [e.message, ...(e.errors ?? []).map((x) => x.mensaje)].join(' ') : undefined;
          setError({ titulo: MENSAJES.errorGuardarPersona, detalle });
          notifications.show({ color: 'red', message: MENSAJES.errorGuardarPersona });
        },
      },
    );
  };

  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="md">
        Formulario de Usuarios
      </Title>
      <form onSubmit={handleSubmit(enviar)} aria-label="Formulario de Usuarios">
        <Stack>
          <Fieldset legend="Datos personales">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Nombre" autoComplete="given-name" {...register('nombre')} />
              <TextInput label="Apellido" autoComplete="family-name" {...register('apellido')} />
              <TextInput label="Email" type="email" autoComplete="email" {...register('email')} />
              <TextInput label="Teléfono" type="tel" autoComplete="tel" {...register('telefono')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Domicilio">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Calle" autoComplete="address-line1" {...register('calle')} />
              <TextInput label="Número" {...register('numero')} />
              <NativeSelect label="Localidad" data={LOCALIDADES} {...register('localidad')} />
              <NativeSelect label="Provincia" data={PROVINCIAS} {...register('provincia')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Datos de acceso">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Usuario" autoComplete="username" {...register('usuario')} />
              <PasswordInput
                label="Contraseña"
                autoComplete="new-password"
                description={id > 0 ? 'Dejala vacía para no cambiarla' : undefined}
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
                {...register('clave')}
              />
              <NativeSelect label="Rol" data={ROLES} {...register('rol')} />
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
            <Button type="submit" loading={guardar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Fieldset, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { LOCALIDAD_LABEL, PROVINCIA_LABEL, opciones } from '../../../../domain/enums';
import { MENSAJES } from '../../../../domain/mensajes';
import { MENSAJES_USUARIO, registroSchema, type RegistroInput } from '../../../../domain/usuario';
import { ApiError, mensajeDeError } from '../../api/client';
import { registrarse } from '../../api/registro';
import { paths } from '../../app/paths';
import { useUser } from '../../sesion/usuario-context';

const LOCALIDADES = opciones(LOCALIDAD_LABEL).map((o) => ({ value: o.key, label: o.nombre }));
const PROVINCIAS = opciones(PROVINCIA_LABEL).map((o) => ({ value: o.key, label: o.nombre }));

const VALORES_INICIALES: RegistroInput = {
  persona: { nombre: '', apellido: '', telefono: '', email: '' },
  domicilio: { calle: '', numero: '', localidad: 'CAPITAL', provincia: 'MENDOZA' },
  usuario: { usuario: '', clave: '' },
};

/** Spec screen 25: a person registers and is logged in. */
export default function RegistroPage() {
  const { usuario, guardarUsuario } = useUser();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError: marcarError,
    formState: { errors, isSubmitting },
  } = useForm<RegistroInput>({ resolver: zodResolver(registroSchema), defaultValues: VALORES_INICIALES, mode: 'onTouched' });

  if (usuario && !isSubmitting) return <Navigate to={paths.inicio} replace />;

  const enviar = handleSubmit(async (datos) => {
    setError(null);
    try {
      const respuesta = await registrarse(datos);
      if (!respuesta.data) throw new Error(respuesta.message);
      guardarUsuario(respuesta.data);
      notifications.show({ color: 'green', message: `¡Bienvenido/a, ${respuesta.data.usuario}! Tu cuenta quedó creada.` });
      navigate(paths.inicio, { replace: true });
    } catch (e) {
      const mensaje = mensajeDeError(e, MENSAJES.errorInesperado);
      if (e instanceof ApiError && e.status === 409) marcarError('usuario.usuario', { message: mensaje });
      // A password the server refuses (too common, or with the person's own name) is marked on its input.
      const deLaClave = e instanceof ApiError ? e.errors?.find((x) => x.campo === 'usuario.clave') : undefined;
      if (deLaClave) marcarError('usuario.clave', { message: deLaClave.mensaje });
      setError(mensaje);
    }
  });

  return (
    <Container size={720} py="xl">
      <Paper withBorder shadow="md" p={{ base: 'md', sm: 32 }} radius="md">
        <Title order={1} size="h2" ta="center">
          Crear cuenta
        </Title>
        <Text c="dimmed" ta="center" mb="lg">
          Registrate para comprar online y seguir tus pedidos.
        </Text>
        <form onSubmit={(e) => void enviar(e)} noValidate>
          <Stack gap="lg">
            {error && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {error}
              </Alert>
            )}
            <Fieldset legend="Datos personales">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nombre" required autoComplete="given-name" error={errors.persona?.nombre?.message} {...register('persona.nombre')} />
                <TextInput label="Apellido" required autoComplete="family-name" error={errors.persona?.apellido?.message} {...register('persona.apellido')} />
                <TextInput label="Email" type="email" required autoComplete="email" error={errors.persona?.email?.message} {...register('persona.email')} />
                <TextInput label="Teléfono" type="tel" required autoComplete="tel" placeholder="261 555-1234" error={errors.persona?.telefono?.message} {...register('persona.telefono')} />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Domicilio">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Calle" required autoComplete="address-line1" error={errors.domicilio?.calle?.message} {...register('domicilio.calle')} />
                <TextInput label="Número" required error={errors.domicilio?.numero?.message} {...register('domicilio.numero')} />
                <Controller
                  control={control}
                  name="domicilio.localidad"
                  render={({ field }) => (
                    <Select label="Localidad" required data={LOCALIDADES} searchable allowDeselect={false} error={errors.domicilio?.localidad?.message} {...field} value={field.value ?? null} />
                  )}
                />
                <Controller
                  control={control}
                  name="domicilio.provincia"
                  render={({ field }) => (
                    <Select label="Provincia" required data={PROVINCIAS} searchable allowDeselect={false} error={errors.domicilio?.provincia?.message} {...field} value={field.value ?? null} />
                  )}
                />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Datos de ingreso">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Usuario" required autoComplete="username" error={errors.usuario?.usuario?.message} {...register('usuario.usuario')} />
                <PasswordInput
                  label="Contraseña"
                  required
                  autoComplete="new-password"
                  description={MENSAJES_USUARIO.claveMinima.replace('La contraseña debe tener', 'Con')}
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
                  error={errors.usuario?.clave?.message}
                  {...register('usuario.clave')}
                />
              </SimpleGrid>
            </Fieldset>
            <Button type="submit" size="md" loading={isSubmitting}>
              Registrarme
            </Button>
            <Text ta="center" size="sm">
              ¿Ya tenés cuenta?{' '}
              <Anchor component={Link} to={paths.login}>
                Iniciá sesión
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

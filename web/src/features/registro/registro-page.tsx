import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Fieldset, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { MENSAJES } from '../../../../domain/mensajes';
import { LARGOS_USUARIO, MENSAJES_USUARIO, registroSchema } from '../../../../domain/usuario';
import { ApiError, mensajeDeError } from '../../api/client';
import { registrarse } from '../../api/registro';
import { paths } from '../../app/paths';
import { CamposDomicilio, DOMICILIO_VACIO, type DomicilioFormulario } from '../../components/campos-domicilio';
import { CamposPersona, PERSONA_VACIA, type PersonaFormulario } from '../../components/campos-persona';
import { CAMPOS_PERSONA_Y_DOMICILIO, marcarErroresDelServidor } from '../../components/errores-del-servidor';
import { useUser } from '../../sesion/usuario-context';

interface Valores {
  persona: PersonaFormulario;
  domicilio: DomicilioFormulario;
  usuario: { usuario: string; clave: string };
}

const VALORES_INICIALES: Valores = { persona: PERSONA_VACIA, domicilio: DOMICILIO_VACIO, usuario: { usuario: '', clave: '' } };

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
  } = useForm<Valores>({ resolver: zodResolver(registroSchema) as never, defaultValues: VALORES_INICIALES, mode: 'onTouched' });

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
      // Each field the server refuses (a common password, a postal code...) is marked on its input.
      marcarErroresDelServidor(e, marcarError, [...CAMPOS_PERSONA_Y_DOMICILIO, 'usuario.usuario', 'usuario.clave']);
      setError(mensaje);
      notifications.show({ color: 'red', message: mensaje });
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
              <CamposPersona control={control} />
            </Fieldset>
            <Fieldset legend="Domicilio">
              <CamposDomicilio control={control} />
            </Fieldset>
            <Fieldset legend="Datos de ingreso">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Usuario" required autoComplete="username" maxLength={LARGOS_USUARIO.usuario} error={errors.usuario?.usuario?.message} {...register('usuario.usuario')} />
                <PasswordInput
                  label="Contraseña"
                  required
                  autoComplete="new-password"
                  maxLength={LARGOS_USUARIO.clave}
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../../domain/auth';
import { MENSAJES } from '../../../../domain/mensajes';
import { iniciarSesion } from '../../api/auth';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { useUser } from '../../sesion/usuario-context';

export default function LoginPage() {
  const { usuario, guardarUsuario } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { usuario: '', clave: '' } });

  // Back where the visitor was sent from (a guarded page, the cart), else home. Also when already logged in:
  // saving the user re-renders this page before navigate() runs, and both must agree.
  const desde = (location.state as { desde?: string } | null)?.desde;
  const destino = desde && !desde.startsWith(paths.login) ? desde : paths.inicio;

  if (usuario) return <Navigate to={destino} replace />;

  const ingresar = handleSubmit(
    async (datos) => {
      setError(null);
      try {
        const respuesta = await iniciarSesion(datos);
        if (!respuesta.data) throw new Error(MENSAJES.loginIncorrecto);
        guardarUsuario(respuesta.data);
        navigate(destino, { replace: true });
      } catch (e) {
        // The spec shows the same message for any failure; a rate limit keeps its own explanation.
        setError(e instanceof ApiError && e.status === 429 ? e.message : MENSAJES.loginIncorrecto);
      }
    },
    () => setError(MENSAJES.loginCamposObligatorios),
  );

  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="md">
        <Title order={1} ta="center" mb="lg" size="h2">
          Iniciar Sesión
        </Title>
        <form onSubmit={(e) => void ingresar(e)} noValidate>
          <Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Usuario" autoComplete="username" autoFocus {...register('usuario')} />
            <PasswordInput
              label="Contraseña"
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
              {...register('clave')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth size="md">
              Ingresar
            </Button>
            <Text ta="center" size="sm" c="dimmed">
              ¿No tenés cuenta?
            </Text>
            <Button component={Link} to={paths.registro} variant="light" fullWidth>
              Registrate
            </Button>
            <Anchor component={Link} to={paths.inicio} size="sm" ta="center">
              Volver a la tienda
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

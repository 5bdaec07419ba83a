import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginSchema, type LoginInput, type LoginRespuesta } from '../../../../domain/auth';
import { MENSAJES } from '../../../../domain/mensajes';
import { MENSAJES_SEGUNDO_FACTOR } from '../../../../domain/segundo-factor';
import { iniciarSesion, verificarCodigo } from '../../api/auth';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { useUser } from '../../sesion/usuario-context';

export default function LoginPage() {
  const { usuario, guardarUsuario } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  // The password was right and the account has a second factor: the code comes next (no session yet).
  const [pideCodigo, setPideCodigo] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { usuario: '', clave: '' } });

  // Back where the visitor was sent from (a guarded page, the cart), else home. Also when already logged in:
  // saving the user re-renders this page before navigate() runs, and both must agree. An admin who must
  // enrol a second factor first goes to the Seguridad page.
  const desde = (location.state as { desde?: string } | null)?.desde;
  const volverA = desde && !desde.startsWith(paths.login) ? desde : paths.inicio;
  const destino = usuario?.debeActivarSegundoFactor ? paths.seguridad : volverA;

  if (usuario) return <Navigate to={destino} replace />;

  const entrar = (respuesta: LoginRespuesta) => {
    if (!respuesta.data) throw new Error(MENSAJES.loginIncorrecto);
    if (respuesta.codigosRestantes !== undefined) {
      notifications.show({ color: respuesta.codigosRestantes <= 2 ? 'orange' : 'blue', message: respuesta.message, autoClose: 10_000 });
    }
    guardarUsuario(respuesta.data);
    navigate(respuesta.data.debeActivarSegundoFactor ? paths.seguridad : volverA, { replace: true });
  };

  const ingresar = handleSubmit(
    async (datos) => {
      setError(null);
      try {
        const respuesta = await iniciarSesion(datos);
        if (respuesta.requiereCodigo) {
          setPideCodigo(true);
          return;
        }
        entrar(respuesta);
      } catch (e) {
        // The spec shows the same message for any failure; a rate limit keeps its own explanation.
        setError(e instanceof ApiError && e.status === 429 ? e.message : MENSAJES.loginIncorrecto);
      }
    },
    () => setError(MENSAJES.loginCamposObligatorios),
  );

  if (pideCodigo) {
    return (
      <PasoDelCodigo
        onEntrar={entrar}
        onVolver={(mensaje) => {
          reset({ usuario: '', clave: '' });
          setPideCodigo(false);
          setError(mensaje ?? null);
        }}
      />
    );
  }

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
            <Anchor component={Link} to={paths.olvideClave} size="sm" ta="center">
              ¿Olvidaste tu contraseña?
            </Anchor>
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

/** Second step: six digits of the app, or a recovery code. */
function PasoDelCodigo({ onEntrar, onVolver }: { onEntrar: (r: LoginRespuesta) => void; onVolver: (mensaje?: string) => void }) {
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  const verificar = async (e: FormEvent) => {
    e.preventDefault();
    if (!codigo.trim()) return setError(MENSAJES_SEGUNDO_FACTOR.codigoObligatorio);
    setError(null);
    setEnviando(true);
    try {
      onEntrar(await verificarCodigo(codigo));
    } catch (err) {
      // The half-way sign-in lasted a few minutes: back to the password.
      if (err instanceof ApiError && err.message === MENSAJES_SEGUNDO_FACTOR.inicioVencido) return onVolver(err.message);
      setError(err instanceof ApiError && err.status < 500 ? err.message : MENSAJES_SEGUNDO_FACTOR.codigoIncorrecto);
      setEnviando(false);
    }
  };

  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="md">
        <Title order={1} ta="center" mb="xs" size="h2">
          Verificación en dos pasos
        </Title>
        <Text ta="center" c="dimmed" size="sm" mb="lg">
          {MENSAJES_SEGUNDO_FACTOR.ingresaCodigo} Si no tenés el teléfono, usá uno de tus códigos de recuperación.
        </Text>
        <form onSubmit={(e) => void verificar(e)} noValidate aria-label="Código de verificación">
          <Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Código"
              description="6 dígitos, o un código de recuperación"
              autoComplete="one-time-code"
              autoFocus
              value={codigo}
              onChange={(e) => setCodigo(e.currentTarget.value)}
            />
            <Button type="submit" loading={enviando} fullWidth size="md">
              Verificar
            </Button>
            <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onVolver()}>
              Volver a ingresar usuario y contraseña
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

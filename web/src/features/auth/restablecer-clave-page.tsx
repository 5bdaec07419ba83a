import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { MENSAJES_RECUPERACION, restablecerClaveSchema, type RestablecerClave } from '../../../../domain/recuperar-clave';
import { restablecerClave } from '../../api/auth';
import { mensajeDeError } from '../../api/client';
import { paths } from '../../app/paths';
import { CamposClave } from '../../components/campos-clave';
import { marcarErroresDelServidor } from '../../components/errores-del-servidor';
import { useUser } from '../../sesion/usuario-context';

/** The token travels in the link's fragment (#token=...): never sent to a server's log nor in a Referer. */
const tokenDelEnlace = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** The e-mailed link's page: a new password under the same rules as 'Mi cuenta'. */
export default function RestablecerClavePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { usuario, salir } = useUser();
  const [error, setError] = useState<string | null>(null);
  const token = tokenDelEnlace(location.hash);
  const {
    control,
    handleSubmit,
    setError: marcarError,
    formState: { errors, isSubmitting },
  } = useForm<RestablecerClave>({ resolver: zodResolver(restablecerClaveSchema), defaultValues: { token, clave: '', repetida: '' }, mode: 'onTouched' });

  const guardar = handleSubmit(async (datos) => {
    setError(null);
    try {
      const { message } = await restablecerClave(datos);
      // Every session of the account ended: a browser signed in (as that account or another) starts afresh.
      if (usuario) await salir();
      notifications.show({ color: 'green', message, autoClose: 10_000 });
      void navigate(paths.login, { replace: true });
    } catch (e) {
      if (!marcarErroresDelServidor(e, marcarError, ['clave', 'repetida'])) setError(mensajeDeError(e));
    }
  });

  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="md">
        <Title order={1} ta="center" mb="xs" size="h2">
          Nueva contraseña
        </Title>
        {!token ? (
          <Stack>
            <Alert color="orange" icon={<IconAlertCircle />} role="alert">
              {MENSAJES_RECUPERACION.sinEnlace}
            </Alert>
            <Anchor component={Link} to={paths.olvideClave} ta="center">
              Pedir un enlace nuevo
            </Anchor>
          </Stack>
        ) : (
          <>
            <Text ta="center" c="dimmed" size="sm" mb="lg">
              Al menos 8 caracteres, ni muy común ni con tu nombre. Al guardarla se cierran todas las sesiones de tu cuenta.
            </Text>
            <form onSubmit={(e) => void guardar(e)} noValidate>
              <Stack>
                {(error ?? errors.token?.message) && (
                  <Alert color="red" icon={<IconAlertCircle />} role="alert">
                    {error ?? errors.token?.message}
                    {error === MENSAJES_RECUPERACION.enlaceInvalido && (
                      <>
                        {' '}
                        <Anchor component={Link} to={paths.olvideClave} inherit>
                          Pedir un enlace nuevo
                        </Anchor>
                      </>
                    )}
                  </Alert>
                )}
                <CamposClave control={control} autoFocus />
                <Button type="submit" loading={isSubmitting} fullWidth size="md">
                  Guardar la contraseña nueva
                </Button>
              </Stack>
            </form>
          </>
        )}
      </Paper>
    </Container>
  );
}

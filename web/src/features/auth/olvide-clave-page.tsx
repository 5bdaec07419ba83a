import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MENSAJES_RECUPERACION, olvideClaveSchema, type OlvideClave } from '../../../../domain/recuperar-clave';
import { pedirEnlaceDeClave } from '../../api/auth';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';

/** '¿Olvidaste tu contraseña?': a user name or e-mail; the answer never tells whether the account exists. */
export default function OlvideClavePage() {
  const [respuesta, setRespuesta] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OlvideClave>({ resolver: zodResolver(olvideClaveSchema), defaultValues: { usuario: '' } });

  const pedir = handleSubmit(async (datos) => {
    setError(null);
    try {
      setRespuesta((await pedirEnlaceDeClave(datos)).message);
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : MENSAJES_RECUPERACION.errorAlPedir);
    }
  });

  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="md">
        <Title order={1} ta="center" mb="xs" size="h2">
          Recuperar contraseña
        </Title>
        {respuesta ? (
          <Stack>
            <Alert color="green" icon={<IconMailCheck />} role="status">
              {respuesta}
            </Alert>
            <Anchor component={Link} to={paths.login} ta="center">
              Volver a iniciar sesión
            </Anchor>
          </Stack>
        ) : (
          <>
            <Text ta="center" c="dimmed" size="sm" mb="lg">
              Escribí tu usuario o el correo electrónico de tu cuenta y te enviamos un enlace para elegir una contraseña nueva.
            </Text>
            <form onSubmit={(e) => void pedir(e)} noValidate>
              <Stack>
                {error && (
                  <Alert color="red" icon={<IconAlertCircle />} role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput label="Usuario o correo electrónico" autoComplete="username" autoFocus required error={errors.usuario?.message} {...register('usuario')} />
                <Button type="submit" loading={isSubmitting} fullWidth size="md">
                  Enviar el enlace
                </Button>
                <Anchor component={Link} to={paths.login} size="sm" ta="center">
                  Volver a iniciar sesión
                </Anchor>
              </Stack>
            </form>
          </>
        )}
      </Paper>
    </Container>
  );
}
